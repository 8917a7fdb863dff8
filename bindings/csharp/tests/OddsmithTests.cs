// Tests of the C# bindings, run on mono by `cargo test` (tests/csharp.rs).
using System;
using System.Collections.Generic;
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

    // Most milliseconds from a cancel to the call's return. The header
    // promises about 20; the bound is 100 times that, so that a machine
    // under any load passes while a cancel that is not heard (the work runs
    // for minutes) still fails.
    const double CancelMs = 2000.0;
    // A watch waiting for an estimate cancels anyway after this long (the
    // test then fails) rather than hang.
    const double GiveUpMs = 120000.0;

    static double NowMs() { return System.Diagnostics.Stopwatch.GetTimestamp() * 1000.0 / System.Diagnostics.Stopwatch.Frequency; }

    // Progress and cancel: fractions rise to 1 on the calling thread, a true
    // return gives the partial result, an exception comes out of the call.
    // Push/fold: the exact heads-up answer by combo and by class, a
    // three-handed ICM table, a cancel, errors naming their input.
    static void TestPushFold()
    {
        PushFoldResult hu = PushFold.Solve(new[] { 10.0, 10.0 });
        Check(hu.Exact && !hu.Partial && hu.Spots.Length == 2 && hu.Values.Length == 2, "pushfold heads-up shape");
        Check(hu.Exploitability <= 1e-9 && hu.Values[0] == -hu.Values[1], "pushfold heads-up value");
        Check(hu.Spots[0].Position == "SB" && hu.Spots[1].Describe == "BB after SB pushes", "pushfold spot names");
        Check(hu.Spots[0].Combo("AcAd") == 1.0 && hu.Spots[0].Cell("AA") == 1.0, "pushfold aces");
        PushFoldSpot call = hu.Spots[1];
        double kts = (call.Combo("KcTc") + call.Combo("KdTd") + call.Combo("KhTh") + call.Combo("KsTs")) / 4;
        Check(Math.Abs(call.Cell("KTs") - kts) < 1e-12, "pushfold cell is the mean of its combos");
        PushFoldResult same = PushFold.Solve(new[] { 10.0, 10.0 }, blinds: new[] { 0.5, 1.0 });
        Check(same.Values[0] == hu.Values[0], "pushfold default blinds");

        var three = new[] { 10.0, 10.0, 10.0 };
        var payouts = new[] { 50.0, 30.0, 20.0 };
        PushFoldResult icm = PushFold.Solve(three, payouts: payouts, samples: 2000, target: 0.05);
        Check(!icm.Exact && icm.Sampled && icm.Spots.Length == 6 && icm.Exploitability <= 0.05, "pushfold icm");
        Check(icm.Spots[0].Describe == "BTN opens" && icm.Spots[0].Opener == -1, "pushfold icm spots");
        Check(Math.Abs(icm.Values[0] + icm.Values[1] + icm.Values[2]) < 1e-9, "pushfold icm values sum to 0");
        int calls = 0;
        PushFoldResult cancelled = PushFold.Solve(three, payouts: payouts, samples: 20000, target: 1e-9,
            progress: r => ++calls > 0, progressIntervalMs: 1);
        Check(calls == 1 && cancelled.Partial && cancelled.Spots.Length == 6, "pushfold cancelled");

        ExpectError(Status.InvalidArgument, "stacks", () => PushFold.Solve(new double[11]), "pushfold eleven stacks");
        ExpectError(Status.InvalidArgument, "payout", () => PushFold.Solve(three, payouts: new[] { 1.0, -1.0 }), "pushfold payouts");
        ExpectError(Status.InvalidArgument, "AKx", () => hu.Spots[0].Cell("AKx"), "pushfold unknown class");
    }

    static void TestProgress()
    {
        int caller = System.Threading.Thread.CurrentThread.ManagedThreadId;
        int calls = 0;
        double last = 0, cancelledAt = 0;
        bool rising = true, sameThread = true;
        // Cancel at this many reports (0: never), or with onValues at the
        // first report with an estimate: reports come by the clock,
        // estimates when a round of work is done, so waiting for one holds
        // on a machine of any speed.
        int cancelAfter = 0, withValues = 0;
        bool onValues = false, gaveUp = false;
        ProgressFunc watch = r =>
        {
            if (r.Fraction < last || r.Fraction > 1) rising = false;
            if (System.Threading.Thread.CurrentThread.ManagedThreadId != caller) sameThread = false;
            last = r.Fraction;
            calls++;
            if (r.ValueCount > 0) withValues++;
            if (onValues && r.ElapsedMs > GiveUpMs) gaveUp = true;
            if ((cancelAfter > 0 && calls >= cancelAfter) || (onValues && (r.ValueCount > 0 || gaveUp)))
            {
                cancelledAt = NowMs();
                return true;
            }
            return false;
        };
        string[] three = { "random", "random", "random" };
        EquityResult mc = Poker.Equity(three, null, null, EquityMode.MonteCarlo, 1e-6, 250, 3, 0, watch, 20);
        Check(!mc.Partial && calls >= 1 && rising && sameThread && last == 1.0, "progress rises to 1");

        calls = 0; last = 0; withValues = 0; onValues = true;
        EquityResult cut = Poker.Equity(three, null, null, EquityMode.MonteCarlo, 1e-6, 600000, 3, 0, watch, 20);
        onValues = false;
        Check(NowMs() - cancelledAt < CancelMs && !gaveUp && withValues == 1, "equity cancel at its first estimate");
        double sum = cut.Players[0].Equity + cut.Players[1].Equity + cut.Players[2].Equity;
        Check(cut.Partial && !cut.Exact && cut.Tuples > 0 && Math.Abs(sum - 1) < 1e-9, "partial equity");

        calls = 0; last = 0; cancelAfter = 1;
        EquityResult exact = Poker.Equity(three, "Ks7c2d", null, EquityMode.Exact, 0.001, 120000, 1, 1, watch, 10);
        Check(NowMs() - cancelledAt < CancelMs && exact.Partial && exact.Players[0].Equity == 0, "exact cancel");

        calls = 0; last = 0; cancelAfter = 1;
        EquityResult comboTotals;
        ComboEquity[] comboRows = Poker.EquityByCombo(three, out comboTotals, "Ks7c2d", null, EquityMode.Exact, 120000, 1,
            watch, 10);
        Check(comboRows.Length == 0 && comboTotals.Partial && NowMs() - cancelledAt < CancelMs, "by-combo cancel");

        try
        {
            Poker.Equity(three, null, null, EquityMode.MonteCarlo, 1e-6, 20000, 3, 0,
                r => { throw new InvalidOperationException("from progress"); }, 10);
            Check(false, "progress exception");
        }
        catch (InvalidOperationException e) { Check(e.Message == "from progress", "progress exception rethrown"); }

        // Hand strength, cancelled at its first estimate. The work is
        // short, so it may end before one is reported: then it is whole.
        calls = 0; last = 0; withValues = 0; cancelAfter = 0; onValues = true;
        StrengthResult strength = Poker.HandStrength("AhKh", 4, null, 600000, 1, 0, watch, 1);
        onValues = false;
        if (withValues > 0) Check(strength.Partial && NowMs() - cancelledAt < CancelMs, "strength cancel");
        else Check(!strength.Partial && last == 1.0, "strength done before its first estimate");

        calls = 0; last = 0; cancelAfter = 0;
        var one = new[] { Minion.Of(3, 3) };
        var other = new[] { Minion.Of(2, 2) };
        BoardResult onFlop = Board.Stats("QQ+,AKs", "Ks7c2d");
        Check(onFlop.Boards == 1 && onFlop.Combos == 18 && onFlop.Equity == null && onFlop.Classes.Length == 23, "board shape");
        Check(onFlop.Class("set").Combos == 3 && onFlop.Class("top_pair_top_kicker").Combos == 3
              && onFlop.Class("overpair").Combos == 6 && onFlop.Class("flush_draw").Draw, "board classes");
        BoardResult vsRange = Board.Stats("QQ+,AKs", "Ks7c2d", vs: "KJ+,77,A5s");
        EquityResult whole = Poker.Equity(new[] { "QQ+,AKs", "KJ+,77,A5s" }, "Ks7c2d", mode: EquityMode.Exact);
        Check(vsRange.Equity.HasValue && Math.Abs(vsRange.Equity.Value - whole.Players[0].Equity) < 1e-9, "board equity");
        Check(vsRange.Class("straight").Equity == null && vsRange.Class("set").Equity > 0.8, "board class equity");
        BoardResult two = Board.Stats("JJ+,AQs+", "Ks7c2d,Ah9h8c2s");
        BoardResult first = Board.Stats("JJ+,AQs+", "Ks7c2d"), second = Board.Stats("JJ+,AQs+", "Ah9h8c2s");
        Check(two.Boards == 2 && Math.Abs(two.Class("overpair").Combos
              - (first.Class("overpair").Combos + second.Class("overpair").Combos) / 2) < 1e-12, "board mean");
        BoardResult cancelled = Board.Stats("random", null, "random", true, 1, 0, r => true, 1);
        Check(cancelled.Partial && cancelled.Boards == 0, "board cancelled");
        ExpectError(Status.Parse, "board 2", () => Board.Stats("QQ+", "Ks7c2d,Ah9hZc"), "board list parse");
        ExpectError(Status.InvalidArgument, "not both", () => Board.Stats("QQ+", "Ks7c2d", allFlops: true), "board and all flops");
        ExpectError(Status.InvalidArgument, "toppair", () => onFlop.Class("toppair"), "unknown class");

        CombatResult fight = Combat.Fight(one, other, 1, 1, CombatOptions.Defaults(), watch, 5);
        Check(fight.Exact && !fight.Partial && fight.Win == 1.0 && last == 1.0, "combat with progress");

        var targets = new SplitTarget[7];
        for (int i = 0; i < 7; i++) targets[i] = SplitTarget.Minion(60);
        calls = 0; last = 0; cancelAfter = 1;
        SplitDamageResult split = SplitDamage.Compute(targets, 240, SplitDamageOptions.Defaults(), watch, 10);
        Check(split.Partial && NowMs() - cancelledAt < CancelMs, "split damage cancel");

        calls = 0; last = 0; cancelAfter = 0;
        PigResult pig = Pig.Solve(60, 6, 0, 0, 0, 0, 0, watch, 1);
        Check(!pig.Partial && calls >= 1 && rising && sameThread && last == 1.0, "pig progress");
        calls = 0; last = 0; cancelAfter = 1;
        Check(Pig.Solve(100, 6, 0, 0, 0, 0, 0, watch, 1).Partial && NowMs() - cancelledAt < CancelMs, "pig cancel");

        using (var game = new DurakGame(2, 36, 5))
        {
            DurakObservation obs = game.Observe(game.ToMove);
            DurakStats stats;
            calls = 0; last = 0; cancelAfter = 3;
            DurakMove best = Durak.BestMove(obs, DurakBudget.Of(100000000), out stats, watch, 10);
            Check(stats.Partial == 1 && NowMs() - cancelledAt < CancelMs && best.Kind == DurakMoveKind.Attack,
                "durak cancel gives the move so far");
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
        // A zeroed options struct is the defaults.
        SplitDamageResult zeroed = SplitDamage.Compute(board, 3, new SplitDamageOptions());
        Check(zeroed.HeroOrAllDead == hb.HeroOrAllDead && zeroed.Kill[0] == hb.Kill[0], "split zeroed options");
        SplitDamageOptions pickHero = new SplitDamageOptions { HeroTarget = 2 };
        Check(SplitDamage.Compute(board, 3, pickHero).HeroOrAllDead == hb.HeroOrAllDead, "split hero by number");
        pickHero.HeroTarget = 1;
        ExpectError(Status.InvalidArgument, "target 1 is not a hero",
            () => SplitDamage.Compute(board, 3, pickHero), "split hero not a hero");
        ExpectError(Status.InvalidArgument, "5 to 7 cards", () => Poker.Eval(""), "eval of no cards");
        SplitDamageOptions tight = SplitDamageOptions.Defaults();
        tight.MaxWork = 1;
        ExpectError(Status.BudgetExceeded, "budget", () => SplitDamage.Compute(lives, 4, tight), "split budget");

        // Dice: roll, then keep the face or roll again (value 4.25).
        ExpandFunc dice = (byte[] state, ref GameNode node, List<GameChild> kids) =>
        {
            if (state[0] == 0 || state[0] == 2)
            {
                node.Kind = NodeKind.Chance;
                for (byte f = 1; f <= 6; f++)
                    kids.Add(new GameChild(0, 1.0 / 6, state[0] == 0 ? 0 : f,
                        state[0] == 0 ? new byte[] { 1, f } : new byte[] { 3, 0 }));
            }
            else if (state[0] == 1)
            {
                node.Kind = NodeKind.Max;
                kids.Add(new GameChild(0, 1.0, state[1], new byte[] { 3, 0 }));
                kids.Add(new GameChild(1, 1.0, 0, new byte[] { 2, 0 }));
            }
            else
            {
                node.Kind = NodeKind.Terminal;
                node.Value = 0;
            }
        };
        ExpectimaxResult ev = Expectimax.Solve(new byte[] { 0, 0 }, dice);
        Check(Math.Abs(ev.Value - 4.25) < 1e-12 && ev.RootKind == NodeKind.Chance && ev.States == 9, "dice game");
        ExpectimaxResult decide = Expectimax.Solve(new byte[] { 1, 5 }, dice);
        Check(decide.BestIndex == 0 && decide.MoveIds.Length == 2 && Math.Abs(decide.Value - 5) < 1e-12, "keep a 5");
        Check(Math.Abs(Expectimax.Solve(new byte[] { 1, 5 }, dice, s => 0.25, 1).MoveValues[1] - 0.25) < 1e-12, "heuristic");
        Check(Math.Abs(Expectimax.Solve(new byte[] { 1, 5 }, dice, null, 0, 0, 100).Value - decide.Value) < 1e-12,
              "size hint");
        try
        {
            Expectimax.Solve(new byte[] { 0, 0 }, (byte[] st, ref GameNode n, List<GameChild> k) => { throw new InvalidOperationException("mine"); });
            Check(false, "callback exception");
        }
        catch (InvalidOperationException e) { Check(e.Message == "mine", "exception rethrown"); }
        ExpectError(Status.BudgetExceeded, "budget", () => Expectimax.Solve(new byte[] { 0, 0 }, dice, null, 0, 3), "solver budget");
        ExpectError(Status.InvalidArgument, "state_size", () => Expectimax.Solve(new byte[0], dice), "empty state");
        // A cycle: players flip in turn, heads wins for the flipper: Max 2/3.
        ExpandFunc flips = (byte[] state, ref GameNode node, List<GameChild> kids) =>
        {
            if (state[0] >= 2) { node.Kind = NodeKind.Terminal; node.Value = state[0] == 2 ? 1 : 0; return; }
            node.Kind = state[0] == 0 ? NodeKind.Max : NodeKind.Min;
            kids.Add(new GameChild(0, 0.5, 0, new byte[] { (byte)(state[0] == 0 ? 2 : 3) }));
            kids.Add(new GameChild(0, 0.5, 0, new byte[] { (byte)(1 - state[0]) }));
        };
        ExpectimaxResult cyc = Expectimax.Solve(new byte[] { 0 }, flips);
        Check(Math.Abs(cyc.Value - 2.0 / 3.0) < 1e-12 && cyc.Iterations >= 1 && cyc.Residual <= 1e-12, "cycle");
        ExpectError(Status.InvalidArgument, "tolerance",
                    () => Expectimax.Solve(new byte[] { 0 }, flips, null, 0, 0, 0, -1.0), "bad tolerance");
        PigResult pig = Pig.Solve();
        Check(Math.Abs(pig.WinProbability - 0.5306) < 5e-5 && pig.BestMove == PigMove.Roll && !pig.HoldAllowed,
              "pig 53.06%");
        PigResult late = Pig.Solve(100, 6, 90, 95, 12);
        Check(late.HoldAllowed && late.BestMove == PigMove.Hold && late.Hold == 1.0, "pig hold to win");
        ExpectError(Status.InvalidArgument, "below the goal", () => Pig.Solve(10, 6, 10), "pig score");
        DenseExpandFunc oneBox = (ulong index, ref GameNode node, List<DenseChild> kids) =>
        {
            if (index == 0) { node.Kind = NodeKind.Terminal; node.Value = 0; return; }
            bool maxTurn = (4 - index) % 2 == 0;
            node.Kind = maxTurn ? NodeKind.Max : NodeKind.Min;
            kids.Add(new DenseChild(0, 1.0, maxTurn ? 100 : 0, index - 1));
        };
        ExpectimaxResult dense = Expectimax.SolveDense(5, 4, oneBox);
        Check(Math.Abs(dense.Value - 200) < 1e-12 && dense.States == 5, "dense game");
        ExpectError(Status.InvalidArgument, "root index",
                    () => Expectimax.SolveDense(5, 5, oneBox), "dense root out of range");
        uint[][] ten = { new uint[] { 10, 10 }, new uint[] { 10, 10 }, new uint[] { 10, 10 } };
        Check(Math.Abs(Coins.Expectation(ten) - 2250) < 1e-9, "coins 2250");
        ExpectError(Status.InvalidArgument, "at most 15", () => Coins.Expectation(new[] { new uint[] { 16, 0 } }), "coins limit");

        Library.Init();
        Check(Poker.Eval("AhKhQhJhTh9c2d") == 7462, "royal");
        ushort tp = Poker.Eval("KhKs7d7c2h");
        Check(Poker.Describe(tp) == "Two Pair, Kings and Sevens" && Poker.Category(tp) == 2, "describe");
        // A budget no machine reaches: answers that may not depend on its speed.
        const uint noDeadline = 600000;
        EquityResult eq = Poker.Equity(new[] { "AhKh", "QsQd" }, null, null, EquityMode.Exact, timeBudgetMs: noDeadline);
        Check(eq.Exact && eq.Tuples == 1712304 && Math.Abs(eq.Players[0].Equity - 0.462145) < 5e-7, "AKs vs QQ");
        Check(Math.Abs(eq.Players[1].Tie - 0.001966) < 5e-7, "tie share");
        EquityResult flop = Poker.Equity(new[] { "QQ+,AKs", "JJ-88,AQs" }, "Ks7c2d", timeBudgetMs: noDeadline);
        Check(Math.Abs(flop.Players[0].Equity + flop.Players[1].Equity - 1) < 1e-12, "ranges on a flop");
        EquityResult hilo = Poker.Equity(new[] { "AsAh2s3h", "JdTd9c8c" }, threads: 1, game: Game.Plo8, timeBudgetMs: noDeadline);
        Check(hilo.Exact && hilo.Tuples == 1086008 && hilo.LowQualifies > 0.5, "plo8 exact");
        Check(Math.Abs(hilo.Players[0].Equity - hilo.Players[0].High - hilo.Players[0].Low) < 1e-12
              && hilo.Players[0].Low > 0.2 && hilo.Players[1].Low == 0, "plo8 shares");
        EquityResult omahaRange = Poker.Equity(new[] { "AA**:ds", "KsKdQhJh" }, "Kh7c2s", game: Game.Plo4, timeBudgetMs: noDeadline);
        Check(omahaRange.Exact && omahaRange.Players[1].Equity > 0.5, "an Omaha range");
        ExpectError(Status.Parse, "'dz'", () => Poker.Equity(new[] { "AA**:dz", "random" }, game: Game.Plo4),
            "a bad Omaha range item");
        EquityResult shortDeck = Poker.Equity(new[] { "AhKh", "QsQd" }, game: Game.ShortDeck, timeBudgetMs: noDeadline);
        EquityResult triton = Poker.Equity(new[] { "AhKh", "QsQd" }, game: Game.ShortDeckTriton, timeBudgetMs: noDeadline);
        Check(shortDeck.Tuples == 201376 && shortDeck.Players[0].Equity > 0.5
              && triton.Players[0].Equity < shortDeck.Players[0].Equity, "short deck, both rankings");
        StrengthResult strength = Poker.HandStrength("AhKh", 1, "As7c2d", noDeadline);
        Check(strength.Exact && strength.Win > 0.8, "hand strength");
        ExpectError(Status.DuplicateCard, "Ah", () => Poker.Equity(new[] { "AhKh", "AhQd" }), "duplicate across hands");
        EquityResult totals;
        ComboEquity[] rows = Poker.EquityByCombo(new[] { "QQ+,AKs", "JJ-88,AQs" }, out totals, "Ks7c2d");
        double weighted = 0, dealt = 0;
        foreach (ComboEquity row in rows)
        {
            if (row.Player != 0) continue;
            weighted += row.Equity * row.Deals;
            dealt += row.Deals;
        }
        Check(rows.Length > 0 && Math.Abs(weighted / dealt - totals.Players[0].Equity) < 1e-12, "by-combo rows add up");
        Check(rows[0].Card0 < rows[0].Card1 && rows[0].Card1 < 52, "by-combo cards");
        ExpectError(Status.InvalidArgument, "per-combo", () => Poker.EquityByCombo(new[] { "AA", "KK", "QQ" }, out totals), "by-combo three players");
        ExpectError(Status.Parse, "AKx", () => Poker.Equity(new[] { "AKx", "QQ" }), "bad range");
        ExpectError(Status.InvalidArgument, "board", () => Poker.Equity(new[] { "AhKh", "QQ" }, "2c3c"), "two-card board");

        CombatResult fight = Combat.Fight(new[] { Minion.Of(4, 4), Minion.Of(3, 3) }, new[] { Minion.Of(3, 4), Minion.Of(1, 1) });
        Check(fight.Exact && Math.Abs(fight.Win - 0.625) < 1e-12 && Math.Abs(fight.Draw - 0.375) < 1e-12, "combat 5/8");
        CombatResult shielded = Combat.Fight(new[] { Minion.Of(1, 1, Keywords.Shield) }, new[] { Minion.Of(1, 1) });
        Check(Math.Abs(shielded.Win - 1) < 1e-12, "divine shield");
        ExpectError(Status.InvalidArgument, "health", () => Combat.Fight(new[] { Minion.Of(1, 0) }, new[] { Minion.Of(1, 1) }), "combat health");
        // The best order: exact, the best of every order's odds from Combat.Fight.
        Minion[] mine = { Minion.Of(1, 6), Minion.Of(5, 1), Minion.Of(3, 3, Keywords.Shield) };
        Minion[] theirs = { Minion.Of(4, 3), Minion.Of(2, 5, Keywords.Taunt), Minion.Of(3, 2) };
        var exactOnly = new CombatOptions { Mode = CombatMode.Exact };
        BestOrderResult found = Combat.BestOrder(mine, theirs, 1, 1, exactOnly, BestOrderOptions.Of(Objective.WinMinusLoss));
        double bestEdge = double.NegativeInfinity, bestWin = 0;
        foreach (int[] p in new[] { new[] { 0, 1, 2 }, new[] { 0, 2, 1 }, new[] { 1, 0, 2 }, new[] { 1, 2, 0 }, new[] { 2, 0, 1 }, new[] { 2, 1, 0 } })
        {
            CombatResult each = Combat.Fight(new[] { mine[p[0]], mine[p[1]], mine[p[2]] }, theirs, 1, 1, exactOnly);
            bestEdge = Math.Max(bestEdge, each.Win - each.Loss);
            bestWin = Math.Max(bestWin, each.Win);
        }
        Check(found.Exact && found.Orders == 6 && found.Order.Length == 3 && Math.Abs(found.Value - bestEdge) < 1e-12
            && found.Margin == 0.01 && found.PBeaten == 0, "best order against every order");
        BestOrderResult byDefault = Combat.BestOrder(mine, theirs);
        Check(byDefault.Exact && Math.Abs(byDefault.Value - bestWin) < 1e-12 && byDefault.Margin == 0.005, "best order defaults");
        ExpectError(Status.InvalidArgument, "health", () => Combat.BestOrder(mine, theirs, 1, 1, CombatOptions.Defaults(),
            BestOrderOptions.Of(Objective.Lethal)), "lethal without health");
        ExpectError(Status.InvalidArgument, "objective 7", () => Combat.BestOrder(mine, theirs, 1, 1, CombatOptions.Defaults(),
            BestOrderOptions.Of((Objective)7)), "unknown objective");
        BgCard bonehead = BgCards.Find("Harmless Bonehead");
        Check(bonehead.Id == "BG28_300" && bonehead.Name == "Harmless Bonehead" && bonehead.Tier == 1 && bonehead.Modelled, "bg card find");
        Check(bonehead.Tribes == Tribes.Undead && BgCards.ByDbf(bonehead.GoldenDbfId).Golden, "bg card golden");
        Check(BgCards.Count > 2000 && BgCards.At(0).DbfId > 0, "bg card table");
        CombatResult byCard = Combat.Fight(new[] { Minion.OfCard("BG28_300", 3, 3, Keywords.Shield) }, new[] { Minion.Of(4, 6) });
        Minion byHand = Minion.Of(3, 3, Keywords.Shield);
        byHand.TokenAttack = 1; byHand.TokenHealth = 1; byHand.TokenCount = 2;
        CombatResult anonymous = Combat.Fight(new[] { byHand }, new[] { Minion.Of(4, 6) });
        Check(Math.Abs(byCard.Win - anonymous.Win) < 1e-12 && Math.Abs(byCard.Draw - anonymous.Draw) < 1e-12, "card minion");
        ExpectError(Status.InvalidArgument, "not modelled", () => Combat.Fight(new[] { Minion.OfCard("Piloted Whirl-O-Tron", 6, 2) }, new[] { Minion.Of(1, 1) }), "unmodelled card");
        // Bonuses from earlier turns: the skeletons of a Bonehead with
        // Undead +2/+1 this game fight as 3/2 tokens.
        Minion[] foes = new[] { Minion.Of(2, 6), Minion.Of(3, 3) };
        CombatOptions undeadBonus = CombatOptions.Defaults();
        undeadBonus.BonusesA.UndeadAttack = 2;
        undeadBonus.BonusesA.UndeadHealth = 1;
        CombatResult withBonus = Combat.Fight(new[] { Minion.OfCard("BG28_300", 4, 4) }, foes, 1, 1, undeadBonus);
        Minion bigTokens = Minion.Of(4, 4);
        bigTokens.TokenAttack = 3; bigTokens.TokenHealth = 2; bigTokens.TokenCount = 2;
        CombatResult asTokens = Combat.Fight(new[] { bigTokens }, foes);
        Check(Math.Abs(withBonus.Win - asTokens.Win) < 1e-12 && Math.Abs(withBonus.Draw - asTokens.Draw) < 1e-12, "game bonuses");
        // An Eternal Summoner's knight grows with the knights dead in
        // earlier combats.
        Minion[] summoner = new[] { Minion.OfCard("Eternal Summoner", 8, 1) };
        Minion[] wall = new[] { Minion.Of(6, 9, Keywords.Taunt), Minion.Of(5, 9) };
        CombatOptions knights = CombatOptions.Defaults();
        double noKnights = Combat.Fight(summoner, wall, 1, 1, knights).Win;
        knights.BonusesA.KnightsDied = 3;
        Check(Combat.Fight(summoner, wall, 1, 1, knights).Win > noKnights + 0.1, "eternal knights");
        // A whole game state: the bonuses come from its globalInfo, and the
        // answer is the boards' with those bonuses (Groundbreakers: vanilla).
        string stateJson = "{\"playerBoard\": {\"player\": {\"tavernTier\": 1, \"globalInfo\": {\"EternalKnightsDeadThisGame\": 3}},"
            + " \"board\": [{\"cardId\": \"BG25_009\", \"attack\": 8, \"health\": 1, \"reborn\": true}]},"
            + " \"opponentBoard\": {\"player\": {\"tavernTier\": 1}, \"board\": ["
            + "{\"cardId\": \"BG31_035\", \"attack\": 6, \"health\": 9, \"taunt\": true},"
            + " {\"cardId\": \"BG31_035\", \"attack\": 5, \"health\": 9}]}}";
        Minion[] groundbreakers = new[] { Minion.OfCard("BG31_035", 6, 9, Keywords.Taunt), Minion.OfCard("BG31_035", 5, 9) };
        CombatResult whole = Combat.FightState(stateJson);
        CombatResult byBoards = Combat.Fight(summoner, groundbreakers, 1, 1, knights);
        Check(whole.Exact && whole.Win == byBoards.Win && whole.Draw == byBoards.Draw, "whole game state");
        ExpectError(Status.InvalidArgument, "zeroed", () => Combat.FightState(stateJson, knights), "state with option bonuses");
        Check(!whole.Approximate && whole.UnmodelledCount == 0 && whole.Unmodelled.Length == 0, "nothing left out");
        string withPower = stateJson.Replace("\"tavernTier\": 1,", "\"tavernTier\": 1, \"heroPowers\": [{\"cardId\": \"NOT_A_HERO_POWER\"}],");
        CombatResult approximate = Combat.FightState(withPower);
        Check(approximate.Approximate && approximate.UnmodelledCount == 1 && approximate.Unmodelled[0].Id == "NOT_A_HERO_POWER"
            && approximate.Unmodelled[0].Place == UnmodelledPlace.HeroPower && approximate.Win == whole.Win, "unmodelled left out and listed");
        CombatOptions refuse = CombatOptions.Defaults();
        refuse.Unmodelled = Unmodelled.Refuse;
        ExpectError(Status.InvalidArgument, "NOT_A_HERO_POWER", () => Combat.FightState(withPower, refuse), "unmodelled refused");
        ExpectError(Status.Parse, "playerBoard.board[0].health",
            () => Combat.FightState(stateJson.Replace(", \"health\": 1", "")), "state path in errors");
        undeadBonus.BonusesB.MechAttack = 5000;
        ExpectError(Status.InvalidArgument, "bonuses_b", () => Combat.Fight(new[] { bigTokens }, foes, 1, 1, undeadBonus), "game bonus too large");
        ExpectError(Status.InvalidArgument, "No Such", () => BgCards.Find("No Such Minion"), "unknown card");

        using (var game = new DurakGame(2, 36, 9))
        {
            int plies = 0;
            while (game.Outcome.Over == 0 && plies < 5000)
            {
                DurakMove[] moves = game.LegalMoves();
                DurakMove move = moves[plies % moves.Length];
                if (game.ToMove == 0)
                {
                    DurakObservation obs = game.Observe(0);
                    Check(Durak.LegalMoves(obs).Length == moves.Length, "durak legal moves agree");
                    DurakStats stats;
                    move = Durak.BestMove(obs, DurakBudget.Of(200), out stats);
                    Check((stats.Exact == 1 ? obs.TalonSize == 0 : stats.Iterations == 200) && Array.IndexOf(moves, move) >= 0, "durak engine move is legal");
                }
                game.Apply(move);
                plies++;
            }
            Check(game.Outcome.Over == 1, "durak game ends");
            // A default budget's rollout is the heuristic one, as in Rust and the CLI.
            Check(DurakBudget.Of(200).Rollout == DurakRollout.Heuristic && (uint)DurakRollout.Heuristic == 0, "durak default rollout");
            {
                var levelGame = new DurakGame(2, 36, 4);
                DurakStats levelStats;
                DurakMove levelMove = Durak.BestMove(levelGame.Observe(levelGame.ToMove), DurakBudget.AtLevel(4), out levelStats);
                Check(levelStats.Iterations == 50 && Array.IndexOf(levelGame.LegalMoves(), levelMove) >= 0, "durak level 4 searches 50 iterations");
                ExpectError(Status.InvalidArgument, "level 11", () => Durak.BestMove(levelGame.Observe(levelGame.ToMove), DurakBudget.AtLevel(11), out levelStats), "durak level 11");
            }
        }
        ExpectError(Status.InvalidArgument, "players", () => new DurakGame(7), "durak 7 players");
        // The handle is a SafeHandle: disposed once, then refused.
        var gone = new DurakGame(2, 36, 4);
        gone.Dispose();
        gone.Dispose();
        try
        {
            gone.LegalMoves();
            Check(false, "a disposed game");
        }
        catch (ObjectDisposedException) { Check(true, "a disposed game is refused"); }
        using (var fresh = new DurakGame(2, 36, 3))
        {
            DurakObservation obs = fresh.Observe(fresh.ToMove);
            obs.TableCount = 7;
            DurakStats stats;
            ExpectError(Status.InvalidArgument, "attack cards", () => Durak.BestMove(obs, DurakBudget.Of(100), out stats), "durak 7 attacks");
            ExpectError(Status.InvalidArgument, "illegal", () => fresh.Apply(new DurakMove { Kind = DurakMoveKind.Take, Card = -1, Target = -1 }), "durak illegal move");
        }

        // Perevodnoy with several cards at once: transfers are offered and
        // observations with several uncovered cards are searched.
        {
            int transfers = 0, several = 0;
            for (ulong seed = 1; seed <= 20; seed++)
            {
                using (var game = new DurakGame(3, 36, seed, DurakVariant.Transfer, DurakProtocol.SeveralAtOnce))
                {
                    int plies = 0;
                    while (game.Outcome.Over == 0 && plies < 5000)
                    {
                        DurakMove[] moves = game.LegalMoves();
                        DurakMove move = moves[(plies * 7 + (int)seed) % moves.Length];
                        foreach (DurakMove m in moves) if (m.Kind == DurakMoveKind.Transfer) transfers++;
                        DurakObservation obs = game.Observe(game.ToMove);
                        int uncovered = 0;
                        for (int i = 0; i < obs.TableCount; i++) if (obs.TableCovers[i] < 0) uncovered++;
                        if (obs.Phase == 1 && uncovered >= 2)
                        {
                            several++;
                            DurakStats stats;
                            move = Durak.BestMove(obs, DurakBudget.Of(100), out stats);
                            Check(Array.IndexOf(moves, move) >= 0, "durak several-at-once move is legal");
                        }
                        game.Apply(move);
                        plies++;
                    }
                }
            }
            Check(transfers > 0 && several > 0, "durak transfer variant offers transfers and several uncovered cards");
        }

        DurakStats none;
        ExpectError(Status.InvalidArgument, "attacker cannot defend", () => Durak.BestMove(DurakObservation.Create(), DurakBudget.Of(10), out none), "durak empty view");

        TestProgress();
        TestPushFold();

        Console.WriteLine("csharp: " + passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
