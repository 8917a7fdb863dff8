// Prints the marshalled layout of every sequential struct the bindings
// declare, for the layout test (tests/csharp.rs) to compare with the C
// header's: "TYPE <name> <size>" and "FIELD <name>.<field> <offset>";
// then every enum member and integer constant: "CONST <type>.<name> <value>".
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
        var all = typeof(Oddsmith.Status).Assembly.GetTypes().Where(t => t.Namespace == "Oddsmith").OrderBy(t => t.Name);
        foreach (Type t in all)
        {
            if (t.IsEnum)
            {
                foreach (string name in Enum.GetNames(t))
                {
                    object value = Convert.ChangeType(Enum.Parse(t, name), Enum.GetUnderlyingType(t));
                    Console.WriteLine("CONST " + t.Name + "." + name + " " + value);
                }
                continue;
            }
            foreach (FieldInfo f in t.GetFields(BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic))
            {
                if (f.IsLiteral && (f.FieldType == typeof(int) || f.FieldType == typeof(uint)))
                {
                    Console.WriteLine("CONST " + t.Name + "." + f.Name + " " + f.GetRawConstantValue());
                }
            }
        }
        return 0;
    }
}
