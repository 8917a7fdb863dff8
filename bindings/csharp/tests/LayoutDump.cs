// Prints the marshalled layout of every sequential struct the bindings
// declare, for the layout test (tests/csharp.rs) to compare with the C
// header's: "TYPE <name> <size>" and "FIELD <name>.<field> <offset>".
using System;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;

public static class LayoutDump
{
    public static int Main()
    {
        var types = typeof(Oddsmith.Status).Assembly.GetTypes()
            .Where(t => t.IsValueType && !t.IsEnum && t.IsLayoutSequential && t.Namespace == "Oddsmith")
            .OrderBy(t => t.Name);
        foreach (Type t in types)
        {
            Console.WriteLine("TYPE " + t.Name + " " + Marshal.SizeOf(t));
            foreach (FieldInfo f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                Console.WriteLine("FIELD " + t.Name + "." + f.Name + " " + Marshal.OffsetOf(t, f.Name));
            }
        }
        return 0;
    }
}
