#!/usr/bin/env python3
"""Random Battlegrounds boards of the minions oddsmith models, as the
Firestone-shaped entity lists scripts/firestone/simulate.js and
`oddsmith combat --a-json` read.

  python3 scripts/firestone/make_boards.py CARDS.json COUNT SEED OUT.json [ODDSMITH] [--focus ID,ID,...]

With the path of an oddsmith binary, only boards where neither side wins
more than 95% of a quick Monte Carlo are kept (lopsided boards check
little).

With --focus, every board holds one or two of those cards (or their
golden versions) on each side: vectors for cards newly modelled. They may
be any modelled card of the table, of any season (the listing's
"modelled_cards"); a focus card whose row reads script numbers carries its
card's own (Firestone's scriptDataNum, as a client states them). The rest
of each board is drawn from the pool.

CARDS.json: `oddsmith bg-cards --all --json` (the pool, what is modelled,
and every modelled card). Boards mix keyword-only minions, minions acting outside combat,
token deathrattles, golden versions, buffed stats and extra keywords, from
1v1 to 7v7.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

KEYWORDS = ["taunt", "divineShield", "poisonous", "venomous", "windfury", "reborn"]


def balanced(oddsmith, board):
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for side in "ab":
            path = os.path.join(d, side + ".json")
            json.dump(board[side], open(path, "w"))
            paths.append(path)
        out = subprocess.run(
            [oddsmith, "combat", "--a-json", paths[0], "--b-json", paths[1], "--mc",
             "--samples", "4000", "--json"], capture_output=True, text=True)
    if out.returncode != 0:
        # A combination oddsmith refuses (a hand reader beside a card that
        # changes the hand): no vector.
        print(f"skipped {board['name']}: {out.stderr.strip()}", file=sys.stderr)
        return False
    r = json.loads(out.stdout)
    return max(r["win"], r["draw"], r["loss"]) <= 0.95


def main():
    args = sys.argv[1:]
    focus_ids = set()
    if "--focus" in args:
        i = args.index("--focus")
        focus_ids = set(args[i + 1].split(","))
        del args[i:i + 2]
    cards_path, count, seed, out_path = args[0], int(args[1]), int(args[2]), args[3]
    listing = json.load(open(cards_path))
    pool = [c for c in listing["pool_cards"] if c["modelled"]]
    golden = {c["name"]: c for c in listing.get("golden_cards", []) if c["modelled"]}
    tokens = [c for c in pool if c["effect"].startswith("deathrattle")]
    rng = random.Random(seed)
    oddsmith = args[4] if len(args) > 4 else None
    modelled = {c["id"]: c for c in listing.get("modelled_cards", pool)}
    focus = [modelled[i] for i in sorted(focus_ids) if i in modelled]
    if focus_ids and len(focus) != len(focus_ids):
        missing = sorted(focus_ids - {c["id"] for c in focus})
        sys.exit(f"--focus: not modelled cards: {','.join(missing)}")
    for c in focus:
        gold = modelled.get(c.get("goldenId") or "")
        if gold:
            golden[c["name"]] = gold
    boards = []
    n = 0
    while len(boards) < count:
        sizes = [rng.randint(1, 7), rng.randint(1, 7)]
        if n < count // 5:
            sizes = [rng.randint(1, 3), rng.randint(1, 3)]
        sides = []
        for size in sizes:
            side = []
            for slot in range(size):
                card = rng.choice(tokens if rng.random() < 0.35 else pool)
                focused = focus and (slot == 0 or slot == 1 and rng.random() < 0.5)
                if focused:
                    card = rng.choice(focus)
                if rng.random() < 0.2 and card["name"] in golden:
                    card = golden[card["name"]]
                buff = rng.random() < 0.6
                entity = {
                    "cardId": card["id"],
                    "attack": card["attack"] + (rng.randint(0, 8) if buff else 0),
                    "health": max(1, card["health"] + (rng.randint(0, 10) if buff else 0)),
                }
                for k in KEYWORDS:
                    entity[k] = card["keywords"].get(k, False) or rng.random() < 0.08
                if focused and card.get("script"):
                    entity.update(card["script"])
                side.append(entity)
            if focus:
                rng.shuffle(side)  # the focus card anywhere on the board
            sides.append(side)
        board = {
            "name": f"random {len(boards) + 1} (seed {seed})",
            "a": sides[0],
            "b": sides[1],
            "tier_a": rng.randint(1, 6),
            "tier_b": rng.randint(1, 6),
        }
        n += 1
        if oddsmith and not balanced(oddsmith, board):
            continue
        boards.append(board)
    json.dump(boards, open(out_path, "w"), indent=1)
    focused = f", focus {len(focus)} cards" if focus else ""
    print(f"wrote {out_path}: {len(boards)} boards from {len(pool)} modelled pool minions{focused}")


if __name__ == "__main__":
    main()
