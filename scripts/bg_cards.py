#!/usr/bin/env python3
"""Writes src/hearthstone/cards/table.rs, the Battlegrounds card table, from
CardDefs.xml of the PyPI package `hearthstone-data` (MIT).

Every minion carrying a tavern tier (tag 1440) is listed: the current pool
(tag 1456) and minions of earlier seasons and tokens still in the data, so
that recent boards resolve. Per card: id, dbfId, English name, tier, base
attack and health, tribes, combat keywords, the golden/normal counterpart,
the trigger tags its combat classification reads, its script numbers and
its English text. The combat effect model itself lives in Rust
(`src/hearthstone/cards/effects.rs`), keyed by card id.

Usage: python3 scripts/bg_cards.py [--xml PATH] [--older-xml PATH...] [--out PATH] [--check] [--pinned]
  --xml     CardDefs.xml (default: the installed hearthstone_data package)
  --older-xml PATH...
            CardDefs.xml of the OLDER releases, in that order: minions and
            combat enchantments the pinned data no longer holds are added
            from them, each row naming the build it comes from
  --pinned-older
            print the OLDER releases, one per line
  --out     the table to write (default: src/hearthstone/cards/table.rs)
  --check   write nothing; exit 1 if the committed table differs
  --pinned  print the hearthstone-data version the table is made from
  --firestone-cards PATH
            instead write every minion of CardDefs.xml as the card objects
            Firestone's simulator reads (scripts/firestone/simulate.js)
  --firestone-all-types
            with --firestone-cards: also every other card of CardDefs.xml
            (heroes, hero powers, spells, tavern spells, enchantments,
            trinkets, quest rewards, anomalies, ...), as real game states
            reference them (scripts/firestone/real_states.js). Tags are
            named as Firestone's GameTag enum names them (read from its
            reference-data package: --firestone-game-tags, by default in
            scripts/firestone/node_modules), so that its mechanics checks
            find them: tag 849 is MODULAR (its "magnetic" check), tags
            CardDefs.xml leaves unnamed get their names (BACON_VOLUMIZER).
            This changes minions' `mechanics` too; without the option the
            minion objects are as before.

A new patch: set PINNED below to the new hearthstone-data version (and
put the one it replaces first in OLDER), then for each VERSION of both
  python3 -m pip download --no-deps hearthstone-data==VERSION -d /tmp/hs-VERSION
  python3 -m zipfile -e /tmp/hs-VERSION/hearthstone_data-*.whl /tmp/hs-VERSION
and
  python3 scripts/bg_cards.py --xml /tmp/hs-PINNED/hearthstone_data/CardDefs.xml \
      --older-xml /tmp/hs-OLDER1/hearthstone_data/CardDefs.xml ...
and run the tests (scripts/test checks the table against the pinned data).
"""

# The hearthstone-data release the committed table is made from.
PINNED = "255790.1"
# Older releases, newest first: a minion (or combat enchantment) the pinned
# release no longer holds is taken from the newest of these that has it, so
# that states from games of earlier seasons still resolve (231191.1 holds
# the cards removed since; 216149.2, of late 2024, the ones removed before).
OLDER = ["231191.1", "216149.2"]
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

# Tribe bits, in the order of `Tribe` in src/hearthstone/cards/mod.rs, by
# CARDRACE value and by the tag that marks a second race.
TRIBES = [
    # (name, CARDRACE value, secondary race tag)
    ("BEAST", 20, 2542),
    ("DEMON", 15, 2537),
    ("DRAGON", 24, 2523),
    ("ELEMENTAL", 18, 2540),
    ("MECH", 17, 2539),
    ("MURLOC", 14, 2536),
    ("NAGA", 92, 2553),
    ("PIRATE", 23, 2522),
    ("QUILBOAR", 43, 2546),
    ("UNDEAD", 11, 2534),
]
RACE_ALL = 26

# Combat keyword bits, as in src/hearthstone/combat/rules.rs.
KEYWORDS = [
    # (bit, tag)
    (1, 190),  # taunt
    (2, 194),  # divine shield
    (4, 363),  # poisonous
    (8, 2853),  # venomous
    (16, 189),  # windfury (mega-windfury is a trigger flag below)
    (64, 1085),  # reborn
]
CLEAVE = 32
CLEAVE_TEXT = re.compile(r"also damages (the (minions|enemies) next to whomever|adjacent minions)", re.I)

# Trigger flags, as the `TRIGGER_*` constants of src/hearthstone/cards/mod.rs.
TRIGGERS = [
    ("DEATHRATTLE", 217),
    ("BATTLECRY", 218),
    ("START_OF_COMBAT", 1531),
    ("AVENGE", 2129),
    ("END_OF_TURN", 3744),
    ("RALLY", 4204),
    ("AURA", 362),
    ("MAGNETIC", 849),
    ("SPELLCRAFT", 2359),
    ("MEGA_WINDFURY", 1207),
    ("STEALTH", 191),
    ("CHOOSE_ONE", 443),
    ("DUOS_ONLY", 3166),
    ("TIMEWARPED", 4503),
]

TAG_NAME, TAG_TEXT, TAG_HEALTH, TAG_ATTACK, TAG_RACE, TAG_TYPE = 185, 184, 45, 47, 200, 202
TAG_TIER, TAG_POOL, TAG_GOLDEN, TAG_NORMAL = 1440, 1456, 1429, 1471
SCRIPT_DATA = [2, 3, 2889, 2919]
MINION = 4


def default_xml():
    try:
        import hearthstone_data  # noqa: F401
    except ImportError:
        sys.exit("hearthstone_data is not installed: pip install hearthstone-data, or pass --xml")
    return os.path.join(os.path.dirname(hearthstone_data.__file__), "CardDefs.xml")


def clean_text(text, data):
    """Card text as a player reads it: markup gone, numbers filled in."""
    text = text.split("@")[0]
    text = re.sub(r"<[^>]+>", "", text).replace("[x]", "")
    text = re.sub(r"\{(\d)\}", lambda m: str(data[int(m.group(1))]) if int(m.group(1)) < 4 else m.group(0), text)
    text = text.replace("_", " ").replace("\n", " ")
    return re.sub(r"\s+", " ", text).strip()


def entity_tags(entity):
    """An Entity's tags: numbers by tag, names by tag, English texts by tag."""
    tags, names, texts = {}, {}, {}
    for tag in entity.findall("Tag"):
        number = int(tag.get("enumID"))
        if tag.get("type") == "LocString":
            en = tag.find("enUS")
            texts[number] = en.text if en is not None and en.text else ""
        else:
            tags[number] = int(tag.get("value", "0"))
            names[number] = tag.get("name")
    return tags, names, texts


ENCHANTMENT = 6
# What an enchantment's text opens with when it gives the minion carrying
# it an effect in combat (a magnetized part's deathrattle, a hero's
# built-up ship part): the engine cannot read such a minion from its
# card alone.
COMBAT_OPENINGS = ("Deathrattle", "Rally", "Start of Combat", "Avenge", "Whenever", "After ")


def combat_enchantment(entity, tags, texts):
    """(id, text) of a Battlegrounds enchantment whose text gives a combat
    effect, else None."""
    cid = entity.get("CardID") or ""
    if tags.get(TAG_TYPE) != ENCHANTMENT or not cid.startswith(("BG", "TB_Bacon")):
        return None
    text = clean_text(texts.get(TAG_TEXT, ""), [tags.get(t, 0) for t in SCRIPT_DATA])
    return (cid, text) if text.startswith(COMBAT_OPENINGS) else None


def read_cards(path):
    root = ET.parse(path).getroot()
    build = int(root.get("build", "0"))
    cards = []
    enchantments = []
    for entity in root.iter("Entity"):
        tags, _, texts = entity_tags(entity)
        found = combat_enchantment(entity, tags, texts)
        if found:
            enchantments.append(found)
        if tags.get(TAG_TYPE) != MINION or TAG_TIER not in tags:
            continue
        tribes = 0
        race = tags.get(TAG_RACE, 0)
        for bit, (_, value, second) in enumerate(TRIBES):
            if race == value or tags.get(second) or race == RACE_ALL:
                tribes |= 1 << bit
        if race == RACE_ALL:
            tribes |= 1 << len(TRIBES)
        data = [tags.get(t, 0) for t in SCRIPT_DATA]
        text = clean_text(texts.get(TAG_TEXT, ""), data)
        keywords = 0
        for bit, tag in KEYWORDS:
            if tags.get(tag):
                keywords |= bit
        if CLEAVE_TEXT.search(text):
            keywords |= CLEAVE
        triggers = 0
        for bit, (_, tag) in enumerate(TRIGGERS):
            if tags.get(tag):
                triggers |= 1 << bit
        cards.append(
            {
                "id": entity.get("CardID"),
                "dbf": int(entity.get("ID")),
                "name": texts.get(TAG_NAME, "").strip(),
                "tier": tags.get(TAG_TIER, 1),
                "attack": tags.get(TAG_ATTACK, 0),
                "health": tags.get(TAG_HEALTH, 0),
                "tribes": tribes,
                "keywords": keywords,
                "golden": tags.get(TAG_GOLDEN, 0),
                "normal": tags.get(TAG_NORMAL, 0),
                "pool": tags.get(TAG_POOL) == 1,
                "triggers": triggers,
                "data": data,
                "text": text,
                "build": build,
            }
        )
    cards.sort(key=lambda c: c["dbf"])
    enchantments.sort()
    return build, cards, enchantments


def with_older(cards, enchantments, older):
    """The pinned release's cards and enchantments, and those of the older
    releases (newest first) that it no longer holds."""
    ids = {c["id"] for c in cards}
    dbfs = {c["dbf"] for c in cards}
    found = {cid for cid, _ in enchantments}
    for _, old_cards, old_enchantments in older:
        for c in old_cards:
            if c["id"] not in ids and c["dbf"] not in dbfs:
                c["pool"] = False
                cards.append(c)
                ids.add(c["id"])
                dbfs.add(c["dbf"])
        for cid, text in old_enchantments:
            if cid not in found:
                enchantments.append((cid, text))
                found.add(cid)
    cards.sort(key=lambda c: c["dbf"])
    enchantments.sort()
    # Counterparts that are not minions of the table (golden versions of
    # old cards that no release read holds): dropped, so that every link
    # resolves.
    for c in cards:
        for link in ("golden", "normal"):
            if c[link] not in dbfs:
                c[link] = 0
    return cards, enchantments


# Race names as Firestone's reference data spells them, by CARDRACE value.
FIRESTONE_RACES = {
    11: "UNDEAD", 14: "MURLOC", 15: "DEMON", 17: "MECH", 18: "ELEMENTAL", 20: "BEAST",
    23: "PIRATE", 24: "DRAGON", 26: "ALL", 43: "QUILBOAR", 92: "NAGA",
}


# Card types as Firestone's reference data spells them (its CardType enum,
# capitalised: it compares `type.toUpperCase()`), by CARDTYPE value.
FIRESTONE_TYPES = {
    1: "Game", 2: "Player", 3: "Hero", 4: "Minion", 5: "Spell", 6: "Enchantment", 7: "Weapon",
    8: "Item", 9: "Token", 10: "Hero_power", 11: "Blank", 12: "Game_mode_button",
    22: "Move_minion_hover_target", 23: "Lettuce_ability", 24: "Battleground_hero_buddy",
    39: "Location", 40: "Battleground_quest_reward", 42: "Battleground_spell",
    43: "Battleground_anomaly", 44: "Battleground_trinket", 45: "Pet",
}
# Spell schools (tag SPELL_SCHOOL) as its SpellSchool enum names them.
FIRESTONE_SCHOOLS = {
    1: "ARCANE", 2: "FIRE", 3: "FROST", 4: "NATURE", 5: "HOLY", 6: "SHADOW", 7: "FEL",
    8: "PHYSICAL_COMBAT", 9: "TAVERN", 10: "SPELLCRAFT", 11: "LESSER_TRINKET",
    12: "GREATER_TRINKET", 13: "UPGRADE",
}
# The sets its simulator compares with (CARD_SET values); others by number.
FIRESTONE_SETS = {1453: "Battlegrounds", 1646: "Vanilla", 1586: "Lettuce"}
TAG_COST, TAG_SET, TAG_SCHOOL = 48, 183, 1635


def firestone_game_tags(path):
    """Firestone's GameTag enum as its reverse lookup GameTag[number] reads:
    the last name given to each number."""
    names = {}
    with open(path, encoding="utf-8") as f:
        for name, number in re.findall(r'GameTag\["(\w+)"\] = (\d+)\]', f.read()):
            names[int(number)] = name
    if not names:
        sys.exit(f"{path}: no GameTag names found")
    return names


def firestone_cards(path, all_types=False, game_tags=None):
    """Every minion in CardDefs.xml as a Firestone ReferenceCard (and, with
    all_types, every other card too, tags named by game_tags)."""
    root = ET.parse(path).getroot()
    out = []
    for entity in root.iter("Entity"):
        tags, names, texts = entity_tags(entity)
        if all_types:
            names = {n: game_tags.get(n, name if name and not name.isdigit() else "") for n, name in names.items()}
        if tags.get(TAG_TYPE) != MINION:
            if all_types and tags.get(TAG_TYPE) in FIRESTONE_TYPES and entity.get("CardID"):
                out.append(firestone_other_card(entity, tags, names, texts))
            continue
        races = []
        race = tags.get(TAG_RACE, 0)
        if race in FIRESTONE_RACES:
            races.append(FIRESTONE_RACES[race])
        for value, second in [(v, t) for _, v, t in TRIBES]:
            if tags.get(second) and FIRESTONE_RACES[value] not in races:
                races.append(FIRESTONE_RACES[value])
        card = {
            "id": entity.get("CardID"),
            "dbfId": int(entity.get("ID")),
            "name": texts.get(TAG_NAME, ""),
            "text": texts.get(TAG_TEXT, ""),
            "type": "Minion",
            "set": "BATTLEGROUNDS",
            "cardClass": "NEUTRAL",
            "playerClass": "Neutral",
            "attack": tags.get(TAG_ATTACK, 0),
            "health": tags.get(TAG_HEALTH, 0),
            "mechanics": sorted({names[n] for n, v in tags.items() if v and names.get(n) and n not in (TAG_ATTACK, TAG_HEALTH, TAG_RACE, TAG_TYPE)}),
            "races": races,
            "race": races[0] if races else None,
            "premium": bool(tags.get(TAG_NORMAL)),
        }
        if TAG_TIER in tags:
            card["techLevel"] = tags[TAG_TIER]
        if tags.get(TAG_POOL) == 1:
            card["isBaconPool"] = True
        if tags.get(TAG_GOLDEN):
            card["battlegroundsPremiumDbfId"] = tags[TAG_GOLDEN]
        if tags.get(TAG_NORMAL):
            card["battlegroundsNormalDbfId"] = tags[TAG_NORMAL]
        out.append(card)
    return out


def firestone_other_card(entity, tags, names, texts):
    """A card other than a minion as a Firestone ReferenceCard: what its
    simulator reads of heroes, hero powers, spells, enchantments, trinkets,
    quest rewards and anomalies (type, set, cost, spell school, tier,
    mechanics, golden links and the numeric tags by name, such as
    TAG_SCRIPT_DATA_NUM_1)."""
    card = {
        "id": entity.get("CardID"),
        "dbfId": int(entity.get("ID")),
        "name": texts.get(TAG_NAME, ""),
        "text": texts.get(TAG_TEXT, ""),
        "type": FIRESTONE_TYPES[tags[TAG_TYPE]],
        "set": FIRESTONE_SETS.get(tags.get(TAG_SET, 0), f"Set_{tags.get(TAG_SET, 0)}"),
        "cardClass": "NEUTRAL",
        "playerClass": "Neutral",
        "mechanics": sorted({names[n] for n, v in tags.items() if v and names.get(n) and n not in (TAG_ATTACK, TAG_HEALTH, TAG_RACE, TAG_TYPE)}),
        "tags": {names[n]: v for n, v in sorted(tags.items()) if names.get(n)},
        "premium": bool(tags.get(TAG_NORMAL)),
    }
    for key, tag in (("cost", TAG_COST), ("attack", TAG_ATTACK), ("health", TAG_HEALTH)):
        if tag in tags:
            card[key] = tags[tag]
    if tags.get(TAG_SCHOOL) in FIRESTONE_SCHOOLS:
        card["spellSchool"] = FIRESTONE_SCHOOLS[tags[TAG_SCHOOL]]
    if TAG_TIER in tags:
        card["techLevel"] = tags[TAG_TIER]
    if tags.get(TAG_GOLDEN):
        card["battlegroundsPremiumDbfId"] = tags[TAG_GOLDEN]
    if tags.get(TAG_NORMAL):
        card["battlegroundsNormalDbfId"] = tags[TAG_NORMAL]
    return card


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(build, cards, enchantments):
    out = [
        "// @generated by scripts/bg_cards.py from CardDefs.xml of hearthstone-data",
        f"// build {build}; do not edit: rerun the script (see the README).",
        "",
        "use super::CardDef;",
        "",
        "/// The hearthstone-data build (of `CardDefs.xml`) the table was generated from.",
        f"pub const BUILD: u32 = {build};",
        "",
        f"pub static CARDS: [CardDef; {len(cards)}] = [",
    ]
    for c in cards:
        out.append(
            "    CardDef {{ id: {}, dbf: {}, name: {}, tier: {}, attack: {}, health: {}, tribes: {}, "
            "keywords: {}, golden: {}, normal: {}, pool: {}, triggers: {}, data: [{}], text: {}, build: {} }},".format(
                rust_str(c["id"]), c["dbf"], rust_str(c["name"]), c["tier"], c["attack"], c["health"],
                c["tribes"], c["keywords"], c["golden"], c["normal"], "true" if c["pool"] else "false",
                c["triggers"], ", ".join(str(d) for d in c["data"]), rust_str(c["text"]), c["build"],
            )
        )
    out.append("];")
    by_id = sorted(range(len(cards)), key=lambda i: cards[i]["id"].lower())
    by_name = sorted(range(len(cards)), key=lambda i: (cards[i]["name"].lower(), i))
    for name, order in [("BY_ID", by_id), ("BY_NAME", by_name)]:
        out.append("")
        key = "id (lowercase)" if name == "BY_ID" else "name (lowercase), then dbfId"
        out.append(f"/// Indices into `CARDS` sorted by {key}.")
        out.append(f"pub static {name}: [u16; {len(cards)}] = [")
        for k in range(0, len(order), 16):
            out.append("    " + ", ".join(str(i) for i in order[k : k + 16]) + ",")
        out.append("];")
    out.append("")
    out.append("/// Battlegrounds enchantments whose text gives the minion carrying them an")
    out.append("/// effect in combat (id, text), sorted by id.")
    out.append(f"pub static COMBAT_ENCHANTMENTS: [(&str, &str); {len(enchantments)}] = [")
    for cid, text in enchantments:
        out.append(f"    ({rust_str(cid)}, {rust_str(text)}),")
    out.append("];")
    return "\n".join(out) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xml")
    parser.add_argument("--out", default=os.path.join(here, "..", "src", "hearthstone", "cards", "table.rs"))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--pinned", action="store_true")
    parser.add_argument("--older-xml", nargs="*", default=[])
    parser.add_argument("--pinned-older", action="store_true")
    parser.add_argument("--firestone-cards")
    parser.add_argument("--firestone-all-types", action="store_true")
    parser.add_argument(
        "--firestone-game-tags",
        default=os.path.join(here, "firestone", "node_modules", "@firestone-hs", "reference-data", "dist", "enums", "game-tags.js"),
    )
    args = parser.parse_args()
    if args.pinned:
        print(PINNED)
        return
    if args.pinned_older:
        print("\n".join(OLDER))
        return
    if len(args.older_xml) != len(OLDER):
        sys.exit(f"--older-xml: give the CardDefs.xml of each of {', '.join(OLDER)}, in that order")
    if args.firestone_cards:
        import json
        game_tags = None
        if args.firestone_all_types:
            if not os.path.exists(args.firestone_game_tags):
                sys.exit(f"{args.firestone_game_tags} is missing: run npm install in scripts/firestone, or pass --firestone-game-tags")
            game_tags = firestone_game_tags(args.firestone_game_tags)
        cards = firestone_cards(args.xml or default_xml(), args.firestone_all_types, game_tags)
        known = {c["id"] for c in cards} | {c["dbfId"] for c in cards}
        for path in args.older_xml:
            for c in firestone_cards(path, args.firestone_all_types, game_tags):
                if c["id"] not in known and c["dbfId"] not in known:
                    cards.append(c)
                    known |= {c["id"], c["dbfId"]}
        with open(args.firestone_cards, "w", encoding="utf-8") as f:
            json.dump(cards, f)
        minions = sum(c["type"] == "Minion" for c in cards)
        others = f" and {len(cards) - minions} other cards" if args.firestone_all_types else ""
        print(f"wrote {args.firestone_cards}: {minions} minions{others} for Firestone")
        return
    build, cards, enchantments = read_cards(args.xml or default_xml())
    cards, enchantments = with_older(cards, enchantments, [read_cards(p) for p in args.older_xml])
    text = render(build, cards, enchantments)
    if args.check:
        try:
            with open(args.out, encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            current = ""
        if current != text:
            sys.exit(f"{args.out} is stale: rerun scripts/bg_cards.py (CardDefs build {build})")
        print(f"{args.out} is up to date (build {build}, {len(cards)} minions)")
        return
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    pool = sum(c["pool"] for c in cards)
    older = sum(c["build"] != build for c in cards)
    print(f"wrote {args.out}: build {build}, {len(cards)} minions ({older} from older builds), {pool} in the pool")


if __name__ == "__main__":
    main()
