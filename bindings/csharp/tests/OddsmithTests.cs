// Tests of the C# bindings, run on mono by `cargo test` (tests/csharp.rs).
using System;
using Oddsmith;

public static class OddsmithTests
{
    static int passed = 0;
    static int failed = 0;

    static void Check(bool cond, string what)
    {
        if (cond) { passed++; }
        else { failed++; Console.Error.WriteLine("check failed: " + what); }
    }

    static void ExpectError(Status status, string mustMention, Action action, string what)
    {
        try
        {
            action();
            Check(false, what + " did not throw");
        }
        catch (OddsmithException e)
        {
            Check(e.Status == status, what + " status " + e.Status);
            Check(mustMention == null || e.Message.Contains(mustMention), what + " message: " + e.Message);
        }
    }

    public static int Main()
    {
        Check(Library.Version >> 16 == 0 && Library.Version > 0, "version");
        Check(Library.VersionString.Split('.').Length == 3, "version string");

        Check(Cards.Parse("Ah") == 50, "parse Ah");
        byte[] cards = Cards.ParseList("AhKs Qd");
        Check(cards.Length == 3, "three cards");
        Check(Cards.Format(cards[1]) == "Ks", "format Ks");
        Check(Cards.ParseList("").Length == 0, "empty list");
        Check(Cards.ParseMask("2c3c") == 0x11UL, "mask");

        ExpectError(Status.Parse, "Zz", () => Cards.ParseList("Zz"), "bad token");
        ExpectError(Status.DuplicateCard, "Ah", () => Cards.ParseList("AhAh"), "duplicate");
        ExpectError(Status.NullPointer, null, () => Cards.Parse(null), "null text");
        ExpectError(Status.InvalidArgument, "52", () => Cards.Format(52), "bad index");

        Console.WriteLine("csharp: " + passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
