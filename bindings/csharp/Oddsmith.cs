// Oddsmith.cs: P/Invoke bindings for liboddsmith with an idiomatic C# API.
// Statuses become OddsmithException carrying the library's message.
// Strings go in as NUL-terminated UTF-8; `const char*` results come back as
// IntPtr read with Marshal.PtrToStringAnsi (the library's text is ASCII).
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

namespace Oddsmith
{
    /// <summary>A failed call: its status and the library's message.</summary>
    public class OddsmithException : Exception
    {
        public Status Status { get; private set; }

        public OddsmithException(Status status, string message) : base(message)
        {
            Status = status;
        }
    }

    /// <summary>Helpers beside the generated P/Invokes (Raw.g.cs).</summary>
    internal static partial class Native
    {
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

    /// <summary>What a progress delegate is told (OddsmithProgressReport):
    /// the fraction done (rising to 1), the time so far, units of work done,
    /// and for sampling engines the current estimate (Values[0..ValueCount])
    /// with its largest standard error.</summary>
    public partial struct ProgressReport
    {
        public const int MaxValues = 10;
    }

    /// <summary>Progress of a long call: called on the calling thread, never
    /// concurrently, at most every interval (0: 100 ms) and once with
    /// Fraction 1 at the end. Return true to cancel: the call then returns
    /// its partial result (Partial set) instead of throwing. An exception
    /// thrown here cancels the call and is rethrown from it.</summary>
    public delegate bool ProgressFunc(ProgressReport report);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate int ProgressNativeFunc(IntPtr user, IntPtr report);

    /// <summary>One call's progress: the native struct in unmanaged memory,
    /// the delegate kept alive until disposed, and what the delegate threw.</summary>
    internal sealed class Watch : IDisposable
    {
        private readonly ProgressFunc func;
        private readonly ProgressNativeFunc native;
        private Exception failure;

        /// <summary>The OddsmithProgress to pass, IntPtr.Zero without a delegate.</summary>
        public IntPtr Pointer { get; private set; }

        public Watch(ProgressFunc progress, uint intervalMs)
        {
            func = progress;
            if (progress == null) return;
            native = (user, report) =>
            {
                try
                {
                    var r = (ProgressReport)Marshal.PtrToStructure(report, typeof(ProgressReport));
                    return func(r) ? 1 : 0;
                }
                catch (Exception e)
                {
                    failure = e;
                    return 1;
                }
            };
            var p = new ProgressNative
            {
                Callback = Marshal.GetFunctionPointerForDelegate(native),
                User = IntPtr.Zero,
                IntervalMs = intervalMs,
            };
            Pointer = Marshal.AllocHGlobal(Marshal.SizeOf(typeof(ProgressNative)));
            Marshal.StructureToPtr(p, Pointer, false);
        }

        /// <summary>After the call: rethrows the delegate's exception, takes
        /// a cancel as success (the result is marked partial), else checks
        /// the status.</summary>
        public void Finish(Status status)
        {
            GC.KeepAlive(native);
            if (failure != null) System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(failure).Throw();
            if (status != Status.Cancelled) Native.Check(status);
        }

        public void Dispose()
        {
            if (Pointer != IntPtr.Zero) Marshal.FreeHGlobal(Pointer);
            Pointer = IntPtr.Zero;
            GC.KeepAlive(native);
        }
    }

    /// <summary>Unmanaged copies of a call's arguments (strings as NUL-terminated UTF-8, number
    /// arrays), freed together when disposed: for request structs that hold pointers.</summary>
    internal sealed class Unmanaged : IDisposable
    {
        readonly List<IntPtr> blocks = new List<IntPtr>();

        /// <summary>`text` as a NUL-terminated UTF-8 `const char*` (null: a null pointer).</summary>
        public IntPtr Utf8(string text)
        {
            if (text == null) return IntPtr.Zero;
            byte[] bytes = Native.Utf8(text);
            IntPtr p = Marshal.AllocHGlobal(bytes.Length);
            blocks.Add(p);
            Marshal.Copy(bytes, 0, p, bytes.Length);
            return p;
        }

        /// <summary>`values` as a `const double*` (null or empty: a null pointer).</summary>
        public IntPtr Doubles(double[] values)
        {
            if (values == null || values.Length == 0) return IntPtr.Zero;
            IntPtr p = Marshal.AllocHGlobal(values.Length * sizeof(double));
            blocks.Add(p);
            Marshal.Copy(values, 0, p, values.Length);
            return p;
        }

        public void Dispose()
        {
            foreach (IntPtr p in blocks) Marshal.FreeHGlobal(p);
            blocks.Clear();
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

        /// <summary>Optional warm-up: the poker tables and the shared worker
        /// pool (0 = one thread per core) now instead of on first use.</summary>
        public static void Init(uint threads = 0)
        {
            Native.Check(Native.oddsmith_init(threads));
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
    public partial struct SplitTarget
    {
        public static SplitTarget Minion(int health, bool shield = false)
        {
            return new SplitTarget { Health = health, Shield = (byte)(shield ? 1 : 0) };
        }

        public static SplitTarget HeroWith(int health, int armor = 0)
        {
            return new SplitTarget { Health = health, Armor = armor, Hero = 1 };
        }
    }

    /// <summary>Options (OddsmithSplitDamageOptions); a zeroed struct (new SplitDamageOptions() or Defaults()) is the defaults.</summary>
    public partial struct SplitDamageOptions
    {
        public static SplitDamageOptions Defaults()
        {
            return new SplitDamageOptions();
        }
    }

    internal partial struct SplitDamageNative
    {
        public const int MaxTargets = 14;
        public const int HealthSlots = 101;
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
        /// <summary>True when a progress delegate cancelled the call (every number is then 0).</summary>
        public bool Partial;
    }

    /// <summary>Kill odds of N random 1-damage hits.</summary>
    public static class SplitDamage
    {
        public static SplitDamageResult Compute(SplitTarget[] targets, uint hits)
        {
            return Compute(targets, hits, SplitDamageOptions.Defaults());
        }

        /// <summary>As Compute, with progress (see ProgressFunc): a cancel
        /// returns a result with Partial set.</summary>
        public static SplitDamageResult Compute(SplitTarget[] targets, uint hits, SplitDamageOptions options,
            ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (targets == null) throw new ArgumentNullException("targets");
            SplitDamageNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                options.Progress = watch.Pointer;
                watch.Finish(Native.oddsmith_split_damage(
                    targets, new UIntPtr((ulong)targets.Length), hits, ref options, out r));
            }
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
                Partial = r.Partial != 0,
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

    /// <summary>ODDSMITH_NODE_* kinds.</summary>
    public enum NodeKind : uint { Max = 0, Min = 1, Chance = 2, Terminal = 3 }

    /// <summary>What an expand callback says about a state.</summary>
    public partial struct GameNode
    {
    }

    /// <summary>One outcome of a move; consecutive children with the same
    /// MoveId form its lottery (all children at a chance node).</summary>
    public class GameChild
    {
        public uint MoveId;
        public double Probability;
        public double Reward;
        public byte[] Next;

        public GameChild(uint moveId, double probability, double reward, byte[] next)
        {
            MoveId = moveId; Probability = probability; Reward = reward; Next = next;
        }
    }

    /// <summary>One outcome of a move of a dense game: the next state by
    /// index, below the parent's.</summary>
    public partial struct DenseChild
    {
        public DenseChild(uint moveId, double probability, double reward, ulong next)
        {
            MoveId = moveId; Probability = probability; Reward = reward; Next = next;
        }
    }

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate int DenseExpandNative(IntPtr user, ulong index, ref GameNode node, IntPtr children, uint capacity);

    /// <summary>Describes the state at `index` (called for 0, 1, ... up to
    /// the root in order, then the root again): set node.Kind (and
    /// node.Value at a terminal) and add the children.</summary>
    public delegate void DenseExpandFunc(ulong index, ref GameNode node, List<DenseChild> children);

    /// <summary>Pig's move codes (ODDSMITH_PIG_*).</summary>
    public enum PigMove : uint { Roll = 0, Hold = 1 }

    /// <summary>Pig solved from one position, for the player to move.</summary>
    public class PigResult
    {
        /// <summary>True when a progress delegate cancelled the solve (every number is then 0).</summary>
        public bool Partial;
        public double WinProbability;
        public PigMove BestMove;
        public bool HoldAllowed;
        /// <summary>Win probability after rolling, after holding (0 when
        /// holding is not allowed: a turn rolls at least once).</summary>
        public double Roll;
        public double Hold;
        public ulong States;
        public ulong Iterations;
        public double Residual;
    }

    /// <summary>The dice game Pig (Neller and Presser 2004) under optimal play.</summary>
    public static class Pig
    {
        /// <summary>Solves Pig to `goal` with a die of `sides` faces for the
        /// player to move with `score` against `opponent` and `turnTotal`
        /// so far. Goal 100 from the start: about a million states, a few
        /// hundred ms.</summary>
        public static PigResult Solve(uint goal = 100, uint sides = 6, uint score = 0, uint opponent = 0,
                                      uint turnTotal = 0, double tolerance = 0, ulong timeMs = 0,
                                      ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            PigResultNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                var options = new ExpectimaxOptionsNative
                {
                    Tolerance = tolerance, TimeMs = timeMs, Progress = watch.Pointer,
                };
                watch.Finish(Native.oddsmith_pig(goal, sides, score, opponent, turnTotal, ref options, out r));
            }
            return new PigResult
            {
                Partial = r.Partial != 0,
                WinProbability = r.WinProbability,
                BestMove = (PigMove)r.BestMove,
                HoldAllowed = r.HoldAllowed != 0,
                Roll = r.Roll,
                Hold = r.Hold,
                States = r.States,
                Iterations = r.Iterations,
                Residual = r.Residual,
            };
        }
    }

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate int ExpandNative(IntPtr user, IntPtr state, ref GameNode node, IntPtr children, uint capacity);

    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate int HeuristicNative(IntPtr user, IntPtr state, out double value);

    /// <summary>Describes a state: set node.Kind (and node.Value at a
    /// terminal) and add the children.</summary>
    public delegate void ExpandFunc(byte[] state, ref GameNode node, List<GameChild> children);

    /// <summary>The answer of a solve.</summary>
    public class ExpectimaxResult
    {
        public double Value;
        public NodeKind RootKind;
        public uint[] MoveIds;
        public double[] MoveValues;
        /// <summary>Index into MoveIds of the best move, or -1 (the first on
        /// ties, but never a self-loop, a move back to the root itself, that
        /// ties with another move: see best_index in oddsmith.h).</summary>
        public int BestIndex;
        public ulong States;
        /// <summary>Games with cycles: the most sweeps a cycle took (0: no
        /// cycle) and the last sweep's largest change.</summary>
        public ulong Iterations;
        public double Residual;
        /// <summary>True when a progress delegate cancelled the solve (every number is then 0, BestIndex -1).</summary>
        public bool Partial;

        internal static ExpectimaxResult Of(ExpectimaxResultNative r)
        {
            var result = new ExpectimaxResult
            {
                Partial = r.Partial != 0,
                Value = r.Value,
                RootKind = (NodeKind)r.RootKind,
                MoveIds = new uint[r.MoveCount],
                MoveValues = new double[r.MoveCount],
                BestIndex = r.BestIndex,
                States = r.States,
                Iterations = r.Iterations,
                Residual = r.Residual,
            };
            Array.Copy(r.MoveIds, result.MoveIds, (int)r.MoveCount);
            Array.Copy(r.MoveValues, result.MoveValues, (int)r.MoveCount);
            return result;
        }
    }

    /// <summary>The general expectimax solver over games defined by delegates.</summary>
    public static class Expectimax
    {
        /// <summary>Solves from `root` (its length is the state size, 1..64).
        /// The delegates run on this thread during the call and are kept
        /// alive for it; their exceptions are rethrown here. `expectedStates`,
        /// if known, sizes the memo once. A game whose states recur is
        /// solved by value iteration to `tolerance` (0: 1e-12) within
        /// `maxIterations` sweeps per cycle (0: 100,000); `timeMs` (0: none)
        /// bounds the whole call.</summary>
        public static ExpectimaxResult Solve(byte[] root, ExpandFunc expand, Func<byte[], double> heuristic = null,
                                             uint depthLimit = 0, ulong maxStates = 0, uint expectedStates = 0,
                                             double tolerance = 0, ulong maxIterations = 0, ulong timeMs = 0,
                                             ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (root == null) throw new ArgumentNullException("root");
            if (expand == null) throw new ArgumentNullException("expand");
            int size = root.Length;
            Exception failure = null;
            var kids = new List<GameChild>();
            int childSize = Marshal.SizeOf(typeof(GameChildNative));
            ExpandNative expandNative = (IntPtr user, IntPtr state, ref GameNode node, IntPtr children, uint capacity) =>
            {
                try
                {
                    byte[] bytes = new byte[size];
                    Marshal.Copy(state, bytes, 0, size);
                    kids.Clear();
                    node.Kind = NodeKind.Terminal;
                    node.Value = 0;
                    expand(bytes, ref node, kids);
                    if (kids.Count > capacity) throw new InvalidOperationException("too many children");
                    for (int i = 0; i < kids.Count; i++)
                    {
                        var native = new GameChildNative
                        {
                            MoveId = kids[i].MoveId,
                            Probability = kids[i].Probability,
                            Reward = kids[i].Reward,
                            Next = new byte[64],
                        };
                        Array.Copy(kids[i].Next, native.Next, Math.Min(kids[i].Next.Length, 64));
                        Marshal.StructureToPtr(native, new IntPtr(children.ToInt64() + i * childSize), false);
                    }
                    node.ChildCount = (uint)kids.Count;
                    return 0;
                }
                catch (Exception e)
                {
                    failure = e;
                    return 1;
                }
            };
            HeuristicNative heuristicNative = (IntPtr user, IntPtr state, out double value) =>
            {
                value = 0;
                try
                {
                    byte[] bytes = new byte[size];
                    Marshal.Copy(state, bytes, 0, size);
                    value = heuristic(bytes);
                    return 0;
                }
                catch (Exception e)
                {
                    failure = e;
                    return 1;
                }
            };
            var def = new GameDefNative
            {
                StateSize = (uint)size,
                Root = new byte[64],
                User = IntPtr.Zero,
                Expand = Marshal.GetFunctionPointerForDelegate(expandNative),
                Heuristic = heuristic == null ? IntPtr.Zero : Marshal.GetFunctionPointerForDelegate(heuristicNative),
            };
            Array.Copy(root, def.Root, Math.Min(size, 64));
            ExpectimaxResultNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                var options = new ExpectimaxOptionsNative
                {
                    MaxStates = maxStates, DepthLimit = depthLimit, ExpectedStates = expectedStates,
                    Tolerance = tolerance, MaxIterations = maxIterations, TimeMs = timeMs, Progress = watch.Pointer,
                };
                Status status = Native.oddsmith_expectimax_solve(ref def, ref options, out r);
                GC.KeepAlive(expandNative);
                GC.KeepAlive(heuristicNative);
                if (status == Status.Callback && failure != null) throw failure;
                watch.Finish(status);
            }
            return ExpectimaxResult.Of(r);
        }

        /// <summary>Solves a dense game: states 0..size by index, every
        /// child's index below its parent's, in one sweep up to
        /// `rootIndex`. The delegate's exceptions are rethrown here.</summary>
        public static ExpectimaxResult SolveDense(ulong size, ulong rootIndex, DenseExpandFunc expand,
                                                  ulong maxStates = 0, ulong timeMs = 0,
                                                  ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (expand == null) throw new ArgumentNullException("expand");
            Exception failure = null;
            var kids = new List<DenseChild>();
            int childSize = Marshal.SizeOf(typeof(DenseChild));
            DenseExpandNative expandNative = (IntPtr user, ulong index, ref GameNode node, IntPtr children, uint capacity) =>
            {
                try
                {
                    kids.Clear();
                    node.Kind = NodeKind.Terminal;
                    node.Value = 0;
                    expand(index, ref node, kids);
                    if (kids.Count > capacity) throw new InvalidOperationException("too many children");
                    for (int i = 0; i < kids.Count; i++)
                    {
                        Marshal.StructureToPtr(kids[i], new IntPtr(children.ToInt64() + i * childSize), false);
                    }
                    node.ChildCount = (uint)kids.Count;
                    return 0;
                }
                catch (Exception e)
                {
                    failure = e;
                    return 1;
                }
            };
            var def = new DenseGameDefNative
            {
                Size = size,
                RootIndex = rootIndex,
                User = IntPtr.Zero,
                Expand = Marshal.GetFunctionPointerForDelegate(expandNative),
            };
            ExpectimaxResultNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                var options = new ExpectimaxOptionsNative { MaxStates = maxStates, TimeMs = timeMs, Progress = watch.Pointer };
                Status status = Native.oddsmith_expectimax_solve_dense(ref def, ref options, out r);
                GC.KeepAlive(expandNative);
                if (status == Status.Callback && failure != null) throw failure;
                watch.Finish(status);
            }
            return ExpectimaxResult.Of(r);
        }
    }

    /// <summary>The coin-box game of seed 003.</summary>
    public static class Coins
    {
        /// <summary>First player's expected money; boxes[k][d] coins of
        /// denominations[d] (default 100 and 50). A cancel through
        /// `progress` throws OddsmithException(Status.Cancelled): there is
        /// no partial value.</summary>
        public static double Expectation(uint[][] boxes, double[] denominations = null,
            ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (boxes == null) throw new ArgumentNullException("boxes");
            int nd = denominations == null ? 2 : denominations.Length;
            var flat = new List<uint>();
            foreach (uint[] box in boxes)
            {
                if (box.Length != nd) throw new ArgumentException("one count per denomination");
                flat.AddRange(box);
            }
            double value;
            ulong states;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                Status status = Native.oddsmith_coins_expectation(flat.ToArray(), new UIntPtr((ulong)boxes.Length),
                    denominations, new UIntPtr((ulong)nd), watch.Pointer, out value, out states);
                watch.Finish(status);
                Native.Check(status);
            }
            return value;
        }
    }

    /// <summary>Equity modes (ODDSMITH_MODE_*).</summary>
    public enum EquityMode : uint { Auto = 0, Exact = 1, MonteCarlo = 2 }

    /// <summary>The game of an equity question (ODDSMITH_GAME_*). Omaha players are hands
    /// ("AsKsQhJh") or Omaha ranges ("AA**:ds,KKQQ:0.5"); short deck players are Hold'em
    /// ranges on the cards six to ace; ShortDeckTriton ranks three of a kind over a straight.</summary>
    public enum Game : uint
    {
        Holdem = 0, Plo4 = 1, Plo5 = 2, Plo6 = 3, Plo8 = 4, Plo5Hilo = 5, ShortDeck = 6, ShortDeckTriton = 7,
    }

    /// <summary>One combo's row of a per-combo breakdown (OddsmithComboEquity).</summary>
    public partial struct ComboEquity
    {
    }

    /// <summary>One player's equity.</summary>
    public class PlayerEquity
    {
        public double Equity, Win, Tie;
        /// <summary>Shares of the pot won by the high and the low hand (Equity = High + Low; Low is 0
        /// outside hi/lo games), and P(taking the whole pot alone).</summary>
        public double High, Low, Scoop;
        /// <summary>P(final hand in category c), c = 0 high card .. 8 straight flush.</summary>
        public double[] Categories;
    }

    public class EquityResult
    {
        public PlayerEquity[] Players;
        public ulong Tuples;
        public bool Exact;
        public double StdError;
        /// <summary>P(a low qualifies) in hi/lo games, else 0.</summary>
        public double LowQualifies;
        /// <summary>True when a progress delegate cancelled the call: Monte
        /// Carlo's estimate so far, or zeros for exact work.</summary>
        public bool Partial;
    }

    public class StrengthResult
    {
        public double Win, Equity, StdError;
        public bool Exact;
        /// <summary>True when a progress delegate cancelled the call.</summary>
        public bool Partial;
    }

    /// <summary>Texas Hold'em: evaluation, equity, hand strength.</summary>
    public static class Poker
    {
        /// <summary>Rank of one hand of 5 to 7 cards ("AhKhQhJhTh9c2d"): 1..7462, higher wins.</summary>
        public static ushort Eval(string cards)
        {
            byte[] c = Cards.ParseList(cards);
            if (c.Length < 5 || c.Length > 7)
                throw new OddsmithException(Status.InvalidArgument,
                    "a hand has 5 to 7 cards; '" + cards + "' has " + c.Length);
            return EvalBatch(c, c.Length)[0];
        }

        /// <summary>Ranks hands of cardsPerHand cards laid out back to back.</summary>
        public static ushort[] EvalBatch(byte[] cards, int cardsPerHand)
        {
            int n = cardsPerHand > 0 ? cards.Length / cardsPerHand : 0;
            var ranks = new ushort[Math.Max(n, 1)];
            Native.Check(Native.oddsmith_eval_batch(cards, new UIntPtr((ulong)n), new UIntPtr((ulong)cardsPerHand),
                ranks, new UIntPtr((ulong)ranks.Length)));
            return ranks;
        }

        public static uint Category(ushort rank)
        {
            uint c;
            Native.Check(Native.oddsmith_hand_category(rank, out c));
            return c;
        }

        public static string Describe(ushort rank)
        {
            var buf = new byte[64];
            UIntPtr len;
            Native.Check(Native.oddsmith_hand_describe(rank, buf, new UIntPtr(64), out len));
            return Encoding.UTF8.GetString(buf, 0, (int)len.ToUInt64());
        }

        /// <summary>Equity of hands or ranges ("AhKh", "QQ+,AKs"; Omaha and short deck by game).
        /// timeBudgetMs 0: the mode's default (1000 ms for Auto and Monte Carlo, no limit for Exact).</summary>
        public static EquityResult Equity(string[] players, string board = null, string dead = null,
            EquityMode mode = EquityMode.Auto, double targetStderr = 0.001, uint timeBudgetMs = 0,
            ulong seed = 0, uint threads = 0, ProgressFunc progress = null, uint progressIntervalMs = 0,
            Game game = Game.Holdem)
        {
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                return WithRequest(players, board, dead, mode, targetStderr, timeBudgetMs, seed, threads, req =>
                {
                    EquityResultNative r;
                    req.Progress = watch.Pointer;
                    req.Game = (uint)game;
                    watch.Finish(Native.oddsmith_equity(ref req, out r));
                    return ToResult(r);
                });
            }
        }

        /// <summary>Each combo's equity (on a flop, turn or river; preflop for two players), with the totals.
        /// A cancel through `progress` gives no rows and totals marked Partial.</summary>
        public static ComboEquity[] EquityByCombo(string[] players, out EquityResult totals, string board = null,
            string dead = null, EquityMode mode = EquityMode.Auto, uint timeBudgetMs = 0, uint threads = 0,
            ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            EquityResult total = null;
            ComboEquity[] rows;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                rows = WithRequest(players, board, dead, mode, 0.001, timeBudgetMs, 1, threads, req =>
                {
                    EquityResultNative r;
                    var buf = new ComboEquity[MaxComboRows];
                    UIntPtr count;
                    req.Progress = watch.Pointer;
                    watch.Finish(Native.oddsmith_equity_by_combo(ref req, out r, buf, new UIntPtr((ulong)buf.Length),
                        out count));
                    total = ToResult(r);
                    Array.Resize(ref buf, (int)count.ToUInt64());
                    return buf;
                });
            }
            totals = total;
            return rows;
        }

        /// <summary>Rows oddsmith_equity_by_combo may write (ODDSMITH_MAX_COMBO_ROWS).</summary>
        public const int MaxComboRows = 10 * 1326;

        static T WithRequest<T>(string[] players, string board, string dead, EquityMode mode, double targetStderr,
            uint timeBudgetMs, ulong seed, uint threads, Func<EquityRequestNative, T> call)
        {
            if (players == null) throw new ArgumentNullException("players");
            if (players.Length > 10) throw new OddsmithException(Status.InvalidArgument, "at most 10 players");
            var memory = new Unmanaged();
            Func<string, IntPtr> utf8 = memory.Utf8;
            try
            {
                var req = new EquityRequestNative
                {
                    Players = new IntPtr[10],
                    PlayerCount = (uint)players.Length,
                    Board = utf8(board),
                    Dead = utf8(dead),
                    Mode = (uint)mode,
                    TargetStderr = targetStderr,
                    TimeBudgetMs = timeBudgetMs,
                    Seed = seed,
                    Threads = threads,
                };
                for (int i = 0; i < players.Length; i++) req.Players[i] = utf8(players[i]);
                return call(req);
            }
            finally
            {
                memory.Dispose();
            }
        }

        static EquityResult ToResult(EquityResultNative r)
        {
            var result = new EquityResult
            {
                Players = new PlayerEquity[r.PlayerCount],
                Tuples = r.Tuples,
                Exact = r.Exact != 0,
                StdError = r.StdError,
                LowQualifies = r.LowQualifies,
                Partial = r.Partial != 0,
            };
            for (int i = 0; i < r.PlayerCount; i++)
            {
                var cats = new double[9];
                Array.Copy(r.Categories, i * 9, cats, 0, 9);
                result.Players[i] = new PlayerEquity
                {
                    Equity = r.Equity[i], Win = r.Win[i], Tie = r.Tie[i], Categories = cats,
                    High = r.High[i], Low = r.Low[i], Scoop = r.Scoop[i],
                };
            }
            return result;
        }

        /// <summary>The chance a hand wins against random hands.</summary>
        public static StrengthResult HandStrength(string hand, uint opponents, string board = null,
            uint timeBudgetMs = 1000, ulong seed = 0, uint threads = 0, ProgressFunc progress = null,
            uint progressIntervalMs = 0)
        {
            StrengthNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                watch.Finish(Native.oddsmith_hand_strength(Native.Utf8(hand), Native.Utf8(board), opponents,
                    timeBudgetMs, seed, threads, watch.Pointer, out r));
            }
            return new StrengthResult
            {
                Win = r.Win, Equity = r.Equity, Exact = r.Exact != 0, StdError = r.StdError, Partial = r.Partial != 0,
            };
        }
    }

    /// <summary>One hand class of a board answer: a made class (Draw false) or a draw. Counts and
    /// weights are per board (over several boards the mean); Equity is null without vs, or when no
    /// deal of the class meets it.</summary>
    public class BoardClass
    {
        /// <summary>"top_pair_top_kicker", "flush_draw", ...</summary>
        public string Key;
        public bool Draw;
        public double Combos, Weight, Share;
        public double? Equity;
    }

    /// <summary>What a range makes on a board (oddsmith_board).</summary>
    public class BoardResult
    {
        /// <summary>Boards counted (22,100 for every flop).</summary>
        public ulong Boards;
        public double Combos, Weight;
        /// <summary>The whole range's equity against vs; null without.</summary>
        public double? Equity;
        /// <summary>One row per class: the made classes weakest first, then the draws.</summary>
        public BoardClass[] Classes;
        /// <summary>True when a progress delegate cancelled the call (the numbers are then zero).</summary>
        public bool Partial;

        /// <summary>The row of class key ("set"); throws OddsmithException (InvalidArgument) for an unknown key.</summary>
        public BoardClass Class(string key)
        {
            foreach (BoardClass c in Classes)
                if (c.Key == key) return c;
            throw new OddsmithException(Status.InvalidArgument, "no hand class '" + key + "'");
        }
    }

    /// <summary>What a Hold'em range makes on a board (docs/src/poker-board.md).</summary>
    public static class Board
    {
        /// <summary>The classes of `range` on `board` (a flop, turn or river, or several separated by
        /// commas; null with allFlops for every flop), with equity by class against `vs` (null: none).
        /// timeBudgetMs 0: no limit (past it BudgetExceeded). Errors name their input.</summary>
        public static BoardResult Stats(string range, string board, string vs = null, bool allFlops = false,
            uint threads = 0, uint timeBudgetMs = 0, ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            var memory = new Unmanaged();
            Func<string, IntPtr> utf8 = memory.Utf8;
            BoardResultNative r;
            try
            {
                using (var watch = new Watch(progress, progressIntervalMs))
                {
                    var q = new BoardQuestionNative
                    {
                        Range = utf8(range),
                        Board = utf8(board),
                        AllFlops = (byte)(allFlops ? 1 : 0),
                        Vs = utf8(vs),
                        Threads = threads,
                        TimeBudgetMs = timeBudgetMs,
                        Progress = watch.Pointer,
                    };
                    watch.Finish(Native.oddsmith_board(ref q, out r));
                }
            }
            finally
            {
                memory.Dispose();
            }
            var result = new BoardResult
            {
                Boards = r.Boards, Combos = r.Combos, Weight = r.Weight,
                Equity = r.HasEquity != 0 ? (double?)r.Equity : null,
                Classes = new BoardClass[r.Classes.Length], Partial = r.Partial != 0,
            };
            for (int i = 0; i < r.Classes.Length; i++)
            {
                BoardClassNative c = r.Classes[i];
                result.Classes[i] = new BoardClass
                {
                    Key = System.Text.Encoding.UTF8.GetString(c.Key).TrimEnd('\0'),
                    Draw = c.Draw != 0, Combos = c.Combos, Weight = c.Weight, Share = c.Share,
                    Equity = c.HasEquity != 0 ? (double?)c.Equity : null,
                };
            }
            return result;
        }
    }

    /// <summary>One decision point of a push/fold equilibrium: Seat (0-based, in order of action)
    /// acts after Opener pushed (-1: every seat before folded) and the seats of the Callers mask
    /// (bit i: seat i) called; each combo's and class's chance to push (no push yet) or call.</summary>
    public class PushFoldSpot
    {
        public uint Seat;
        public int Opener;
        public uint Callers;
        /// <summary>"SB", "BTN", "UTG+1".</summary>
        public string Position;
        /// <summary>"BB after BTN pushes, SB calls".</summary>
        public string Describe;
        /// <summary>The chance the spot is reached.</summary>
        public double Reach;
        /// <summary>13x13 classes row by row (aces first; suited above the diagonal): the share
        /// of each class played.</summary>
        public double[] Grid;
        /// <summary>Per combo of cards a &lt; b (card indices) at b * (b - 1) / 2 + a.</summary>
        public double[] Combos;

        /// <summary>The chance for two cards ("AcAd"); InvalidArgument for text that is not two
        /// cards.</summary>
        public double Combo(string cards)
        {
            byte[] c = Cards.ParseList(cards);
            if (c.Length != 2 || c[0] == c[1])
                throw new OddsmithException(Status.InvalidArgument, "'" + cards + "' is not two cards");
            int a = Math.Min(c[0], c[1]), b = Math.Max(c[0], c[1]);
            return Combos[b * (b - 1) / 2 + a];
        }

        /// <summary>The share of class name ("AA", "AKs", "T9o") played; InvalidArgument for
        /// another name.</summary>
        public double Cell(string name)
        {
            const string ranks = "AKQJT98765432";
            int hi = name != null && name.Length >= 2 ? ranks.IndexOf(name[0]) : -1;
            int lo = name != null && name.Length >= 2 ? ranks.IndexOf(name[1]) : -1;
            if (hi >= 0 && lo >= 0)
            {
                if (name.Length == 2 && hi == lo) return Grid[hi * 13 + hi];
                if (name.Length == 3 && hi < lo && name[2] == 's') return Grid[hi * 13 + lo];
                if (name.Length == 3 && hi < lo && name[2] == 'o') return Grid[lo * 13 + hi];
            }
            throw new OddsmithException(Status.InvalidArgument, "no hand class '" + name + "'");
        }
    }

    /// <summary>A push/fold equilibrium (oddsmith_pushfold), amounts in big blinds: one spot per
    /// decision point, each seat's value, its standard error and its best-response gain.</summary>
    public class PushFoldResult
    {
        public PushFoldSpot[] Spots;
        public double[] Values, ValueErrors, Gains;
        public double Exploitability;
        /// <summary>The exact heads-up chip-EV solve; Sampled: three or more seats.</summary>
        public bool Exact, Sampled;
        /// <summary>True when a progress delegate stopped CFR+ before the target (the best
        /// strategy so far).</summary>
        public bool Partial;
        public ulong Deals, Iterations;
    }

    /// <summary>Push/fold equilibria (docs/src/pushfold.md).</summary>
    public static class PushFold
    {
        /// <summary>The equilibrium of a table: stacks before posting in order of action (the
        /// blinds last), 2 to 10; the options named and defaulted as the CLI's and Python's
        /// (blinds null: 0.5, 1; payouts null: chip EV; timeMs 0: no limit, past it the best
        /// strategy so far). Two stacks without payouts are solved exactly, otherwise CFR+ runs
        /// to target over samples deals drawn by seed. Errors name their input.</summary>
        public static PushFoldResult Solve(double[] stacks, double[] blinds = null, double ante = 0,
            double[] payouts = null, double target = 0.001, ulong samples = 1000000, ulong seed = 1,
            uint timeMs = 0, ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (stacks == null) throw new ArgumentNullException("stacks");
            if (blinds == null) blinds = new[] { 0.5, 1.0 };
            if (blinds.Length != 2)
                throw new OddsmithException(Status.InvalidArgument, "blinds: give two numbers (small and big blind)");
            var memory = new Unmanaged();
            Func<double[], IntPtr> copy = memory.Doubles;
            var raw = new PushFoldSpotNative[(int)Native.oddsmith_pushfold_spot_count(new UIntPtr((ulong)stacks.Length)).ToUInt64()];
            PushFoldResultNative r;
            UIntPtr count;
            try
            {
                using (var watch = new Watch(progress, progressIntervalMs))
                {
                    var q = new PushFoldQuestionNative
                    {
                        Stacks = copy(stacks), StackCount = new UIntPtr((ulong)stacks.Length),
                        SmallBlind = blinds[0], BigBlind = blinds[1], Ante = ante,
                        Payouts = copy(payouts), PayoutCount = new UIntPtr((ulong)(payouts == null ? 0 : payouts.Length)),
                        Target = target, Samples = samples, Seed = seed, TimeBudgetMs = timeMs,
                        Progress = watch.Pointer,
                    };
                    watch.Finish(Native.oddsmith_pushfold(ref q, out r, raw, new UIntPtr((ulong)raw.Length), out count));
                }
            }
            finally
            {
                memory.Dispose();
            }
            int n = (int)r.Players;
            Func<double[], double[]> seats = all => { var v = new double[n]; Array.Copy(all, v, n); return v; };
            var result = new PushFoldResult
            {
                Values = seats(r.Values), ValueErrors = seats(r.ValueErrors), Gains = seats(r.Gains),
                Exploitability = r.Exploitability, Exact = r.Exact != 0, Sampled = r.Sampled != 0,
                Partial = r.Partial != 0, Deals = r.Deals, Iterations = r.Iterations,
                Spots = new PushFoldSpot[Math.Min((int)count.ToUInt64(), raw.Length)],
            };
            for (int i = 0; i < result.Spots.Length; i++)
            {
                PushFoldSpotNative c = raw[i];
                result.Spots[i] = new PushFoldSpot
                {
                    Seat = c.Seat, Opener = c.Opener, Callers = c.Callers,
                    Position = Encoding.UTF8.GetString(c.Position).TrimEnd('\0'),
                    Describe = Encoding.UTF8.GetString(c.Describe).TrimEnd('\0'),
                    Reach = c.Reach, Grid = c.Grid, Combos = c.Combos,
                };
            }
            return result;
        }
    }

    /// <summary>Keyword bits (ODDSMITH_KW_*).</summary>
    [Flags]
    public enum Keywords : uint
    {
        None = 0, Taunt = 1, Shield = 2, Poison = 4, Venom = 8, Windfury = 16, Cleave = 32, Reborn = 64, Stealth = 128,
    }

    /// <summary>A Battlegrounds minion (OddsmithMinion).</summary>
    public partial struct Minion
    {
        public static Minion Of(int attack, int health, Keywords keywords = Keywords.None, uint tier = 1)
        {
            return new Minion { Attack = attack, Health = health, Keywords = keywords, Tier = tier };
        }

        /// <summary>A real card (id, golden id or name) with its current stats; the card gives tier,
        /// keywords and combat effect, extra keywords add to its own.</summary>
        public static Minion OfCard(string idOrName, int attack, int health, Keywords extra = Keywords.None)
        {
            return new Minion { Attack = attack, Health = health, Keywords = extra, DbfId = BgCards.Find(idOrName).DbfId };
        }
    }

    /// <summary>Tribe bits (ODDSMITH_TRIBE_*).</summary>
    [Flags]
    public enum Tribes : uint
    {
        None = 0, Beast = 1, Demon = 2, Dragon = 4, Elemental = 8, Mech = 16, Murloc = 32, Naga = 64,
        Pirate = 128, Quilboar = 256, Undead = 512, All = 1024,
    }

    /// <summary>A Battlegrounds card of the table (OddsmithBgCard).</summary>
    public class BgCard
    {
        public uint DbfId, GoldenDbfId, NormalDbfId, Tier;
        public int Attack, Health;
        public Tribes Tribes;
        public Keywords Keywords;
        public bool InPool, Golden, Modelled;
        public string Id, Name;
    }

    /// <summary>The Battlegrounds card table: lookups and listing.</summary>
    public static class BgCards
    {
        static string Text(byte[] bytes)
        {
            int n = Array.IndexOf(bytes, (byte)0);
            return System.Text.Encoding.UTF8.GetString(bytes, 0, n < 0 ? bytes.Length : n);
        }

        static BgCard From(BgCardNative c)
        {
            return new BgCard
            {
                DbfId = c.DbfId, GoldenDbfId = c.GoldenDbfId, NormalDbfId = c.NormalDbfId, Tier = c.Tier,
                Attack = c.Attack, Health = c.Health, Tribes = (Tribes)c.Tribes, Keywords = (Keywords)c.Keywords,
                InPool = c.InPool != 0, Golden = c.Golden != 0, Modelled = c.Modelled != 0,
                Id = Text(c.Id), Name = Text(c.Name),
            };
        }

        /// <summary>By id, golden id, English name (any case) or "golden " and a name.</summary>
        public static BgCard Find(string idOrName)
        {
            BgCardNative c;
            Native.Check(Native.oddsmith_bg_card_find(Native.Utf8(idOrName), out c));
            return From(c);
        }

        public static BgCard ByDbf(uint dbfId)
        {
            BgCardNative c;
            Native.Check(Native.oddsmith_bg_card_by_dbf(dbfId, out c));
            return From(c);
        }

        public static int Count { get { return (int)Native.oddsmith_bg_card_count().ToUInt64(); } }

        public static BgCard At(int index)
        {
            BgCardNative c;
            Native.Check(Native.oddsmith_bg_card_at(new UIntPtr((ulong)index), out c));
            return From(c);
        }
    }

    /// <summary>Combat modes (ODDSMITH_COMBAT_*).</summary>
    public enum CombatMode : uint { Auto = 0, Exact = 1, MonteCarlo = 2 }

    /// <summary>What a whole game state's call does with what might act in combat
    /// but is not modelled (ODDSMITH_UNMODELLED_*): Default is Ignore for FightState;
    /// Fight takes Default or Refuse.</summary>
    public enum Unmodelled : uint { Default = 0, Ignore = 1, Refuse = 2 }

    /// <summary>Where a card left out was (ODDSMITH_PLACE_*).</summary>
    public enum UnmodelledPlace : uint
    {
        Board = 1, Hand = 2, HeroPower = 3, Trinket = 4, QuestReward = 5, Quest = 6, Anomaly = 7,
        Secret = 8, Enchantment = 9, AdditionalCard = 10,
    }

    /// <summary>A card of a game state left out of an approximate answer.</summary>
    public struct UnmodelledCard
    {
        public string Id;
        public UnmodelledPlace Place;
    }

    public partial struct CombatOptions
    {
        public static CombatOptions Defaults()
        {
            return new CombatOptions();
        }
    }

    public class CombatResult
    {
        /// <summary>True when a progress delegate cancelled the call: Monte
        /// Carlo's odds so far, or zeros for exact work.</summary>
        public bool Partial;
        public double Win, Draw, Loss, SurvivorsA, SurvivorsB, StdError;
        /// <summary>DamageToB[d] = P(A wins dealing d); 64 entries.</summary>
        public double[] DamageToB, DamageToA;
        public bool Exact;
        public ulong States;
        /// <summary>True when something that might act in combat was left out
        /// because it is not modelled: the odds are those of the state without it.</summary>
        public bool Approximate;
        /// <summary>How many cards were left out (all, also past Unmodelled's length).</summary>
        public uint UnmodelledCount;
        /// <summary>The first ODDSMITH_UNMODELLED_SLOTS of them, in the state's order.</summary>
        public UnmodelledCard[] Unmodelled;
    }

    /// <summary>What a best order maximises (ODDSMITH_OBJECTIVE_*): P(A wins), P(A wins) -
    /// P(B wins), expected damage dealt, expected damage taken (minimised), or P(A's hero
    /// survives) at BestOrderOptions.HealthA.</summary>
    public enum Objective : uint { Win = 0, WinMinusLoss = 1, DamageDealt = 2, DamageTaken = 3, Lethal = 4 }

    public partial struct BestOrderOptions
    {
        /// <summary>P(A wins), the objective's default margin.</summary>
        public static BestOrderOptions Defaults()
        {
            return new BestOrderOptions();
        }

        /// <summary>The objective; margin 0 is its default (0.005 of a probability, 0.1 damage);
        /// healthA (A's hero health with armor) is Lethal's.</summary>
        public static BestOrderOptions Of(Objective objective, double margin = 0, int healthA = 0)
        {
            return new BestOrderOptions { Objective = objective, Margin = margin, HealthA = healthA };
        }
    }

    public class BestOrderResult
    {
        /// <summary>Indices into board A as given: Order[k] goes k-th.</summary>
        public int[] Order;
        /// <summary>The objective's value for the order (an estimate when raced), its standard
        /// error (0 when exact), the margin PBeaten used, and the probability that another
        /// order is better by more than it (0 when exact).</summary>
        public double Value, StdError, Margin, PBeaten;
        /// <summary>Exact: every order solved exactly. Partial: a progress delegate cancelled
        /// the race (its best so far; zeros for an exact search).</summary>
        public bool Exact, Partial;
        /// <summary>Distinct orders (identical minions once); combats sampled in all.</summary>
        public ulong Orders, Combats;
    }

    /// <summary>Battlegrounds combat odds.</summary>
    public static class Combat
    {
        public static CombatResult Fight(Minion[] a, Minion[] b, uint tierA = 1, uint tierB = 1)
        {
            return Fight(a, b, tierA, tierB, CombatOptions.Defaults());
        }

        public static CombatResult Fight(Minion[] a, Minion[] b, uint tierA, uint tierB, CombatOptions options,
            ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (a == null || b == null) throw new ArgumentNullException(a == null ? "a" : "b");
            CombatResultNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                options.Progress = watch.Pointer;
                watch.Finish(Native.oddsmith_combat(a, new UIntPtr((ulong)a.Length), b, new UIntPtr((ulong)b.Length),
                    tierA, tierB, ref options, out r));
            }
            return ToResult(r);
        }

        /// <summary>A whole Firestone game state (BgsBattleInfo JSON, as Firestone's app
        /// logs it): side A is playerBoard, side B opponentBoard, with their tiers, game
        /// bonuses (globalInfo), hands, secrets and Duos teammates; the options' bonuses
        /// must be zeroed (the state gives them). What is not modelled is left out and
        /// listed (Approximate, Unmodelled) unless options.Unmodelled is Refuse. Errors
        /// name the JSON path.</summary>
        public static CombatResult FightState(string stateJson)
        {
            return FightState(stateJson, CombatOptions.Defaults());
        }

        public static CombatResult FightState(string stateJson, CombatOptions options,
            ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (stateJson == null) throw new ArgumentNullException("stateJson");
            byte[] json = Encoding.UTF8.GetBytes(stateJson);
            CombatResultNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                options.Progress = watch.Pointer;
                watch.Finish(Native.oddsmith_combat_battle_json(json, new UIntPtr((ulong)json.Length),
                    ref options, out r));
            }
            return ToResult(r);
        }

        /// <summary>The order of board a that maximises an objective against board b as
        /// given (oddsmith_combat_best_order): exact when every order fits the budget, else
        /// the orders race with Monte Carlo (options.Samples in all; time budget 0: 1 s in
        /// Auto). A cancel by the progress delegate returns the race's best so far, Partial.</summary>
        public static BestOrderResult BestOrder(Minion[] a, Minion[] b, uint tierA = 1, uint tierB = 1)
        {
            return BestOrder(a, b, tierA, tierB, CombatOptions.Defaults(), BestOrderOptions.Defaults());
        }

        public static BestOrderResult BestOrder(Minion[] a, Minion[] b, uint tierA, uint tierB,
            CombatOptions options, BestOrderOptions best, ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            if (a == null || b == null) throw new ArgumentNullException(a == null ? "a" : "b");
            BestOrderResultNative r;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                options.Progress = watch.Pointer;
                watch.Finish(Native.oddsmith_combat_best_order(a, new UIntPtr((ulong)a.Length), b,
                    new UIntPtr((ulong)b.Length), tierA, tierB, ref options, ref best, out r));
            }
            var order = new int[r.OrderCount];
            for (int k = 0; k < order.Length; k++) order[k] = (int)r.Order[k];
            return new BestOrderResult
            {
                Order = order, Value = r.Value, StdError = r.StdError, Margin = r.Margin, PBeaten = r.PBeaten,
                Exact = r.Exact != 0, Partial = r.Partial != 0, Orders = r.Orders, Combats = r.Combats,
            };
        }

        static CombatResult ToResult(CombatResultNative r)
        {
            return new CombatResult
            {
                Partial = r.Partial != 0,
                Win = r.Win, Draw = r.Draw, Loss = r.Loss, SurvivorsA = r.SurvivorsA, SurvivorsB = r.SurvivorsB,
                StdError = r.StdError, DamageToA = r.DamageToA, DamageToB = r.DamageToB, Exact = r.Exact != 0,
                States = r.States, Approximate = r.Approximate != 0, UnmodelledCount = r.UnmodelledCount,
                Unmodelled = UnmodelledOf(r),
            };
        }

        static UnmodelledCard[] UnmodelledOf(CombatResultNative r)
        {
            int slots = r.UnmodelledPlaces.Length, idBytes = r.UnmodelledIds.Length / slots;
            var cards = new UnmodelledCard[Math.Min((int)r.UnmodelledCount, slots)];
            for (int i = 0; i < cards.Length; i++)
            {
                int n = Array.IndexOf(r.UnmodelledIds, (byte)0, i * idBytes, idBytes);
                int length = (n < 0 ? (i + 1) * idBytes : n) - i * idBytes;
                cards[i] = new UnmodelledCard
                {
                    Id = Encoding.UTF8.GetString(r.UnmodelledIds, i * idBytes, length),
                    Place = (UnmodelledPlace)r.UnmodelledPlaces[i],
                };
            }
            return cards;
        }
    }

    public enum DurakVariant : uint { Podkidnoy = 0, Transfer = 1 }

    /// <summary>How cards reach the defender: each answered at once, or several thrown first.</summary>
    public enum DurakProtocol : uint { OneAtATime = 0, SeveralAtOnce = 1 }

    /// <summary>Durak table rules (OddsmithDurakRules): 2..6 players, 24/36/52 cards, variant, protocol.</summary>
    public partial struct DurakRules
    {
    }

    public enum DurakMoveKind : uint { Attack = 0, Defend = 1, Take = 2, Pass = 3, Transfer = 4 }

    /// <summary>A move; cards are oddsmith card indices, -1 for none.</summary>
    public partial struct DurakMove
    {
        public override string ToString()
        {
            switch (Kind)
            {
                case DurakMoveKind.Attack: return "attack " + Cards.Format((byte)Card);
                case DurakMoveKind.Defend: return "beat " + Cards.Format((byte)Target) + " with " + Cards.Format((byte)Card);
                case DurakMoveKind.Take: return "take";
                case DurakMoveKind.Transfer: return "transfer with " + Cards.Format((byte)Card);
                default: return "pass";
            }
        }
    }

    /// <summary>One player's view (OddsmithDurakObservation); card sets are bit masks.</summary>
    public partial struct DurakObservation
    {
        /// <summary>An empty view with its arrays allocated (fill it in before use).</summary>
        public static DurakObservation Create()
        {
            return new DurakObservation
            {
                Known = new ulong[6], HandSizes = new uint[6],
                TableAttacks = new[] { -1, -1, -1, -1, -1, -1 }, TableCovers = new[] { -1, -1, -1, -1, -1, -1 },
            };
        }
    }

    /// <summary>Playouts by the greedy heuristic player (the default, 0) or by random legal moves.</summary>
    public enum DurakRollout : uint { Heuristic = 0, Random = 1 }

    /// <summary>Search budget: iterations and/or milliseconds, threads, rollout, exploration (0 = default), seed, level (0 = none, 1 to 10).</summary>
    public partial struct DurakBudget
    {
        public static DurakBudget Of(ulong iterations, uint timeMs = 0, ulong seed = 0, uint threads = 0)
        {
            return new DurakBudget { Iterations = iterations, TimeMs = timeMs, Threads = threads, Seed = seed };
        }

        /// <summary>Play at a level, 1 (weakest) to 10, each a point on the Elo scale of the Durak page; levels 1 to 9 fix their iterations, <paramref name="timeMs"/> (0 = none) only caps them.</summary>
        public static DurakBudget AtLevel(uint level, uint timeMs = 0, ulong seed = 0)
        {
            return new DurakBudget { Level = level, TimeMs = timeMs, Seed = seed };
        }
    }

    public partial struct DurakStats
    {
    }

    public partial struct DurakOutcome
    {
    }

    /// <summary>Durak: best moves for a client's own state, and games run by the engine.</summary>
    public static class Durak
    {
        public const int MaxMoves = 160;

        /// <summary>The observer's best move; a cancel through `progress`
        /// returns the best move so far (stats.Partial = 1).</summary>
        public static DurakMove BestMove(DurakObservation observation, DurakBudget budget, out DurakStats stats,
            ProgressFunc progress = null, uint progressIntervalMs = 0)
        {
            DurakMove move;
            using (var watch = new Watch(progress, progressIntervalMs))
            {
                budget.Progress = watch.Pointer;
                watch.Finish(Native.oddsmith_durak_best_move(ref observation, ref budget, out move, out stats));
            }
            return move;
        }

        public static DurakMove[] LegalMoves(DurakObservation observation)
        {
            var buf = new DurakMove[MaxMoves];
            UIntPtr n;
            Native.Check(Native.oddsmith_durak_legal_moves(ref observation, buf, new UIntPtr((uint)buf.Length), out n));
            Array.Resize(ref buf, (int)n.ToUInt64());
            return buf;
        }
    }

    /// <summary>The native game handle: freed exactly once, by Dispose or by
    /// the runtime's critical finalizer, never while a call uses it.</summary>
    internal sealed class DurakGameHandle : SafeHandle
    {
        public DurakGameHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            Native.oddsmith_durak_free(handle);
            return true;
        }
    }

    /// <summary>A game run by the engine; dispose it to free the handle. One thread at a time.</summary>
    public sealed class DurakGame : IDisposable
    {
        private readonly DurakGameHandle handle;

        public DurakGame(uint players = 2, uint deckSize = 36, ulong seed = 1,
            DurakVariant variant = DurakVariant.Podkidnoy, DurakProtocol protocol = DurakProtocol.OneAtATime)
        {
            var rules = new DurakRules { Players = players, DeckSize = deckSize, Variant = variant, Protocol = protocol };
            Native.Check(Native.oddsmith_durak_new(ref rules, seed, out handle));
        }

        public uint ToMove
        {
            get { uint p; Native.Check(Native.oddsmith_durak_to_move(Live(), out p)); return p; }
        }

        public DurakMove[] LegalMoves()
        {
            var buf = new DurakMove[Durak.MaxMoves];
            UIntPtr n;
            Native.Check(Native.oddsmith_durak_game_legal_moves(Live(), buf, new UIntPtr((uint)buf.Length), out n));
            Array.Resize(ref buf, (int)n.ToUInt64());
            return buf;
        }

        public void Apply(DurakMove move)
        {
            Native.Check(Native.oddsmith_durak_apply(Live(), ref move));
        }

        public DurakObservation Observe(uint player)
        {
            DurakObservation o;
            Native.Check(Native.oddsmith_durak_observe(Live(), player, out o));
            return o;
        }

        public DurakOutcome Outcome
        {
            get { DurakOutcome o; Native.Check(Native.oddsmith_durak_winner(Live(), out o)); return o; }
        }

        private DurakGameHandle Live()
        {
            if (handle == null || handle.IsClosed || handle.IsInvalid) throw new ObjectDisposedException("DurakGame");
            return handle;
        }

        public void Dispose()
        {
            if (handle != null) handle.Dispose();
        }
    }
}
