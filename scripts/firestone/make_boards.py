#!/usr/bin/env python3
"""Random Battlegrounds boards of the minions oddsmith models, as the
Firestone-shaped entity lists scripts/firestone/simulate.js and
`oddsmith combat --a-json` read.

  python3 scripts/firestone/make_boards.py CARDS.json COUNT SEED OUT.json [ODDSMITH] [--focus ID,ID,...]

With the path of an oddsmith binary, only boards where neither side wins
more than 95% of a quick Monte Carlo are kept (lopsided boards check
little).

With --focus, every board holds at least one of those cards (or their
golden versions) on each side: vectors for cards newly modelled. A
modelled card outside the pool (or a golden id) is looked up with the
oddsmith binary (`bg-cards --find`), which must then be given.

CARDS.json: `oddsmith bg-cards --all --json` (the pool and what is
modelled). Boards mix keyword-only minions, minions acting outside combat,
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
             "--samples", "4000", "--json"], capture_output=True, text=True, check=True)
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
    focus = [c for c in pool if c["id"] in focus_ids]
    # A modelled card outside the pool (a golden id, a minion out of
    # rotation): looked up with the oddsmith binary.
    for card_id in sorted(focus_ids - {c["id"] for c in focus}):
        if oddsmith:
            out = subprocess.run([oddsmith, "bg-cards", "--find", card_id, "--json"],
                                 capture_output=True, text=True)
            card = json.loads(out.stdout) if out.returncode == 0 else None
            if card and card["modelled"]:
                focus.append(card)
    if focus_ids and len(focus) != len(focus_ids):
        sys.exit(f"--focus: {len(focus_ids) - len(focus)} ids are not modelled minions")
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
                if focus and slot == 0:
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
    print(f"wrote {out_path}: {len(boards)} boards from {len(pool)} modelled pool minions")


if __name__ == "__main__":
    main()
