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

        SplitTarget[] lives = { SplitTarget.Minion(1), SplitTarget.Minion(2), SplitTarget.Minion(3) };
        SplitDamageResult sd = SplitDamage.Compute(lives, 5);
        Check(Math.Abs(sd.Kill[0] - 199.0 / 216.0) < 1e-14, "split 199/216");
        Check(Math.Abs(sd.Kill[1] - 0.7152778) < 1e-7 && Math.Abs(sd.Kill[2] - 0.3634259) < 1e-7, "split seed");
        Check(sd.Remaining[2].Length == 4 && sd.HeroOrAllDead == null, "split shapes");
        SplitTarget[] board = { SplitTarget.Minion(2, true), SplitTarget.HeroWith(4, 1) };
        SplitDamageResult hb = SplitDamage.Compute(board, 3);
        Check(hb.HeroOrAllDead.HasValue && hb.Remaining[1].Length == 6, "split hero");
        double total = 0;
        foreach (double p in hb.Remaining[0]) total += p;
        Check(Math.Abs(total - 1.0) < 1e-12, "split distribution sums to 1");
        ExpectError(Status.InvalidArgument, "health 0",
            () => SplitDamage.Compute(new[] { SplitTarget.Minion(0) }, 1), "split bad health");
        SplitDamageOptions tight = SplitDamageOptions.Defaults();
        tight.MaxWork = 1;
        ExpectError(Status.BudgetExceeded, "budget", () => SplitDamage.Compute(lives, 4, tight), "split budget");

        Console.WriteLine("csharp: " + passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
