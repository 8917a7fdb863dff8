// Oddsmith.cs: P/Invoke bindings for liboddsmith with an idiomatic C# API.
// Statuses become OddsmithException carrying the library's message.
// Strings go in as NUL-terminated UTF-8; `const char*` results come back as
// IntPtr read with Marshal.PtrToStringAnsi (the library's text is ASCII).
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Oddsmith
{
    /// <summary>Mirror of OddsmithStatus in oddsmith.h.</summary>
    public enum Status
    {
        Ok = 0,
        NullPointer = 1,
        InvalidArgument = 2,
        Parse = 3,
        DuplicateCard = 4,
        BufferTooSmall = 5,
        BudgetExceeded = 6,
        Internal = 7,
    }

    /// <summary>A failed call: its status and the library's message.</summary>
    public class OddsmithException : Exception
    {
        public Status Status { get; private set; }

        public OddsmithException(Status status, string message) : base(message)
        {
            Status = status;
        }
    }

    /// <summary>Raw entry points; prefer the classes below.</summary>
    internal static class Native
    {
        private const string Lib = "oddsmith";

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint oddsmith_version();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr oddsmith_version_string();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern UIntPtr oddsmith_last_error_message(byte[] buf, UIntPtr cap);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status oddsmith_card_parse(byte[] text, out byte card);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status oddsmith_cards_parse(byte[] text, byte[] cards, UIntPtr cap, out UIntPtr len);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status oddsmith_cards_parse_mask(byte[] text, out ulong mask);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status oddsmith_card_format(byte card, byte[] buf, UIntPtr cap);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status oddsmith_split_damage(
            SplitTarget[] targets, UIntPtr count, uint hits, ref SplitDamageOptions options, out SplitDamageNative result);

        /// <summary>A string as NUL-terminated UTF-8 for `const char*`.</summary>
        internal static byte[] Utf8(string text)
        {
            if (text == null) return null;
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            Array.Resize(ref bytes, bytes.Length + 1);
            return bytes;
        }

        /// <summary>Throws OddsmithException unless status is Ok.</summary>
        internal static void Check(Status status)
        {
            if (status != Status.Ok) throw new OddsmithException(status, Library.LastErrorMessage());
        }
    }

    /// <summary>Library-wide queries.</summary>
    public static class Library
    {
        /// <summary>(major &lt;&lt; 16) | (minor &lt;&lt; 8) | patch.</summary>
        public static uint Version { get { return Native.oddsmith_version(); } }

        public static string VersionString
        {
            get { return Marshal.PtrToStringAnsi(Native.oddsmith_version_string()); }
        }

        /// <summary>The message of the last failure on this thread.</summary>
        public static string LastErrorMessage()
        {
            ulong needed = Native.oddsmith_last_error_message(null, UIntPtr.Zero).ToUInt64();
            byte[] buf = new byte[needed + 1];
            Native.oddsmith_last_error_message(buf, new UIntPtr((ulong)buf.Length));
            return Encoding.UTF8.GetString(buf, 0, (int)needed);
        }
    }

    /// <summary>Cards as indices 0..51 (rank * 4 + suit; 2..A, c d h s).</summary>
    public static class Cards
    {
        public static byte Parse(string text)
        {
            byte card;
            Native.Check(Native.oddsmith_card_parse(Native.Utf8(text), out card));
            return card;
        }

        /// <summary>A list such as "AhKs Qd", in input order.</summary>
        public static byte[] ParseList(string text)
        {
            byte[] utf8 = Native.Utf8(text);
            UIntPtr len;
            Status status = Native.oddsmith_cards_parse(utf8, null, UIntPtr.Zero, out len);
            if (status == Status.Ok) return new byte[0];
            if (status != Status.BufferTooSmall) Native.Check(status);
            byte[] cards = new byte[len.ToUInt64()];
            Native.Check(Native.oddsmith_cards_parse(utf8, cards, new UIntPtr((ulong)cards.Length), out len));
            return cards;
        }

        public static ulong ParseMask(string text)
        {
            ulong mask;
            Native.Check(Native.oddsmith_cards_parse_mask(Native.Utf8(text), out mask));
            return mask;
        }

        public static string Format(byte card)
        {
            byte[] buf = new byte[4];
            Native.Check(Native.oddsmith_card_format(card, buf, new UIntPtr((ulong)buf.Length)));
            return Encoding.ASCII.GetString(buf, 0, Array.IndexOf(buf, (byte)0));
        }
    }

    /// <summary>A split damage target (OddsmithSplitTarget).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct SplitTarget
    {
        public int Health;
        public int Armor;
        public byte Shield;
        public byte Hero;

        public static SplitTarget Minion(int health, bool shield = false)
        {
            return new SplitTarget { Health = health, Shield = (byte)(shield ? 1 : 0) };
        }

        public static SplitTarget HeroWith(int health, int armor = 0)
        {
            return new SplitTarget { Health = health, Armor = armor, Hero = 1 };
        }
    }

    /// <summary>Options (OddsmithSplitDamageOptions); Defaults() for none.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct SplitDamageOptions
    {
        /// <summary>Bit i = target i in the all-dead question; 0 = every minion.</summary>
        public uint AllDeadMask;
        /// <summary>Hero of the hero-or-all question; -1 = the first hero.</summary>
        public int HeroIndex;
        /// <summary>Work budget; 0 = the default.</summary>
        public ulong MaxWork;

        public static SplitDamageOptions Defaults()
        {
            return new SplitDamageOptions { AllDeadMask = 0, HeroIndex = -1, MaxWork = 0 };
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct SplitDamageNative
    {
        public const int MaxTargets = 14;
        public const int HealthSlots = 101;
        public uint TargetCount;
        public uint MinionCount;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = MaxTargets)] public double[] Kill;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = MaxTargets * HealthSlots)] public double[] Remaining;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = MaxTargets)] public double[] ShieldKept;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = MaxTargets + 1)] public double[] KillsDistribution;
        public double AllDead;
        public double HeroOrAllDead;
        public double ExpectedShieldHits;
        public double ExpectedWastedHits;
        public ulong Work;
    }

    /// <summary>Exact split damage answers, arrays in input order.</summary>
    public class SplitDamageResult
    {
        public double[] Kill;
        /// <summary>Remaining[i][h] = P(target i ends with health h).</summary>
        public double[][] Remaining;
        public double[] ShieldKept;
        public double[] KillsDistribution;
        public double AllDead;
        /// <summary>Null when there is no hero.</summary>
        public double? HeroOrAllDead;
        public double ExpectedShieldHits;
        public double ExpectedWastedHits;
    }

    /// <summary>Kill odds of N random 1-damage hits.</summary>
    public static class SplitDamage
    {
        public static SplitDamageResult Compute(SplitTarget[] targets, uint hits)
        {
            return Compute(targets, hits, SplitDamageOptions.Defaults());
        }

        public static SplitDamageResult Compute(SplitTarget[] targets, uint hits, SplitDamageOptions options)
        {
            if (targets == null) throw new ArgumentNullException("targets");
            SplitDamageNative r;
            Native.Check(Native.oddsmith_split_damage(
                targets, new UIntPtr((ulong)targets.Length), hits, ref options, out r));
            int n = (int)r.TargetCount;
            var result = new SplitDamageResult
            {
                Kill = new double[n],
                Remaining = new double[n][],
                ShieldKept = new double[n],
                KillsDistribution = new double[r.MinionCount + 1],
                AllDead = r.AllDead,
                HeroOrAllDead = r.HeroOrAllDead < 0 ? (double?)null : r.HeroOrAllDead,
                ExpectedShieldHits = r.ExpectedShieldHits,
                ExpectedWastedHits = r.ExpectedWastedHits,
            };
            Array.Copy(r.Kill, result.Kill, n);
            Array.Copy(r.ShieldKept, result.ShieldKept, n);
            Array.Copy(r.KillsDistribution, result.KillsDistribution, result.KillsDistribution.Length);
            for (int i = 0; i < n; i++)
            {
                int health = targets[i].Health + targets[i].Armor;
                result.Remaining[i] = new double[health + 1];
                Array.Copy(r.Remaining, i * SplitDamageNative.HealthSlots, result.Remaining[i], 0, health + 1);
            }
            return result;
        }
    }
}
