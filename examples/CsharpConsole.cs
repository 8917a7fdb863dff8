// C#: parse cards through the P/Invoke bindings (bindings/csharp/Oddsmith.cs
// over the generated raw layer Raw.g.cs).
// Build: mcs -out:cards.exe bindings/csharp/Oddsmith.cs bindings/csharp/Raw.g.cs examples/CsharpConsole.cs
// Run:   LD_LIBRARY_PATH=target/release mono cards.exe
using System;
using Oddsmith;

public static class CsharpConsole
{
    public static int Main()
    {
        Console.WriteLine("oddsmith " + Library.VersionString);
        foreach (byte card in Cards.ParseList("AhKs Qd"))
            Console.WriteLine("card " + card + " = " + Cards.Format(card));
        try
        {
            Cards.ParseList("Zz");
        }
        catch (OddsmithException e)
        {
            Console.WriteLine("as expected: " + e.Status + ": " + e.Message);
        }
        return 0;
    }
}
