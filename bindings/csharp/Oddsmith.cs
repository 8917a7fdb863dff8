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
}
