// Shared by the scripts of this folder: Firestone loaded offline on card
// objects, optionally with the rules file's token marks (see simulate.js),
// and the battle input for one board.
'use strict';
const fs = require('fs');
const path = require('path');

// Loads Firestone's death orchestration with each token's mark taken from
// its own dead minion (see --own-marks above); fails loudly if the
// pinned version's text is not what the change expects.
function loadWithOwnMarks() {
    const Module = require('module');
    const file = require.resolve('@firestone-hs/simulate-bgs-battle/dist/simulation/deathrattle-orchestration');
    let source = fs.readFileSync(file, 'utf8');
    const edits = [
        [
            'entitiesFromDeathrattles.push(...drEntities);',
            'entitiesFromDeathrattles.push(...drEntities);\n        drEntities.forEach((e) => (e.__oddsmithFrom = deadEntity));',
        ],
        [
            'spawnedEntities.forEach((entity) => {\n        var _a;\n        entity.hasAttacked = deadEntity.hasAttacked > 1',
            'spawnedEntities.filter((entity) => entity.__oddsmithFrom === deadEntity).forEach((entity) => {\n        var _a;\n        entity.hasAttacked = deadEntity.hasAttacked > 1',
        ],
    ];
    for (const [from, to] of edits) {
        if (source.split(from).length !== 2) {
            throw new Error(`--own-marks: Firestone's ${path.basename(file)} does not hold the expected code once`);
        }
        source = source.replace(from, to);
    }
    const m = new Module(file, module);
    m.filename = file;
    m.paths = Module._nodeModulePaths(path.dirname(file));
    // Cached before it runs: its imports require it back (a cycle).
    require.cache[file] = m;
    m._compile(source, file);
    m.loaded = true;
}

// Firestone's card services on the card objects of CARDS.json; cardsData
// for no tribe restriction and no anomaly (see cardsDataFor).
function loadCards(cardsPath) {
    const { AllCardsService } = require('@firestone-hs/reference-data');
    const cards = new AllCardsService();
    cards.initializeCardsDbFromCards(JSON.parse(fs.readFileSync(cardsPath, 'utf8')));
    return { cards, cardsData: cardsDataFor(cards, [], []) };
}

// Firestone's pools (random minions, spells) for a game's tribes and
// anomalies, made as its own entry point makes them for each battle.
function cardsDataFor(cards, validTribes, anomalies) {
    const { CardsData } = require('@firestone-hs/simulate-bgs-battle/dist/cards/cards-data');
    const cardsData = new CardsData(cards, false);
    cardsData.inititialize(validTribes, anomalies);
    return cardsData;
}

// The installed simulator's version (package.json pins it).
function firestoneVersion() {
    const file = require.resolve('@firestone-hs/simulate-bgs-battle/package.json');
    return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

// Runs Firestone's simulateBattle to its end. Its final result drops the
// per-combat damage lists, but they are the arrays its intermediate
// results carry: the first one yielded is kept (by reference, so it holds
// every combat's damage at the end). Set options.intermediateResults to a
// step below the sample count for them (null lists when none was yielded).
function runToEnd(input, cards, cardsData) {
    const { simulateBattle } = require('@firestone-hs/simulate-bgs-battle');
    const run = simulateBattle(input, cards, cardsData);
    let damageWons = null;
    let damageLosts = null;
    let step = run.next();
    while (!step.done) {
        damageWons = damageWons || step.value.damageWons;
        damageLosts = damageLosts || step.value.damageLosts;
        step = run.next();
    }
    return { result: step.value, damageWons, damageLosts };
}

// {damage: share} over n combats.
function histogram(list, n) {
    const counts = {};
    for (const d of list) counts[d] = (counts[d] || 0) + 1;
    const h = {};
    for (const [d, c] of Object.entries(counts)) h[d] = c / n;
    return h;
}

let nextId = 1;
const entities = (list, friendly) =>
    list.map((m) => ({
        entityId: nextId++,
        friendly,
        enchantments: [],
        maxHealth: m.health,
        maxAttack: m.attack,
        cleave: false,
        ...m,
    }));

// A hero's secrets and lingering spells ({cardId, scriptDataNum1,
// scriptDataNum2}), in order (Firestone sorts them by entity id).
const secrets = (list, friendly) =>
    (list || []).map((s) => ({ entityId: nextId++, friendly, ...s }));

// A hero's hero powers ({cardId}, optionally used and info), as a game
// state's `heroPowers`.
const powers = (list, friendly) =>
    (list || []).map((p) => ({ entityId: nextId++, friendly, used: false, info: 0, ...p }));

const hero = (tier, friendly, globalInfo, heroSecrets, hand, heroPowers) => ({
    cardId: 'TB_BaconShop_HERO_PH',
    hpLeft: 1000,
    tavernTier: tier,
    heroPowers: powers(heroPowers, friendly),
    questEntities: [],
    friendly,
    entityId: nextId++,
    globalInfo: { ...(globalInfo || {}) },
    secrets: secrets(heroSecrets, friendly),
    // The minions in the hand, as entities of the board are given.
    hand: entities(hand || [], friendly),
});

// A Duos teammate ({board, tier}, and optional global, secrets, hand, as
// a side's), or null when there is none.
const teammate = (mate, friendly) =>
    mate
        ? {
              player: hero(mate.tier, friendly, mate.global, mate.secrets, mate.hand),
              board: entities(mate.board, friendly),
          }
        : null;

// The battle input of one board ({a, b, tier_a, tier_b}, and optional
// global_a, global_b: each hero's globalInfo, the bonuses of earlier turns;
// secrets_a, secrets_b: each hero's secrets and lingering spells;
// hand_a, hand_b: the minions in each hero's hand; powers_a, powers_b: each
// hero's hero powers, see `powers`; mate_a, mate_b: each
// side's Duos teammate, see `teammate`).
function battleInput(board, samples, options = {}) {
    return {
        playerBoard: {
            player: hero(board.tier_a, true, board.global_a, board.secrets_a, board.hand_a, board.powers_a),
            board: entities(board.a, true),
        },
        opponentBoard: {
            player: hero(board.tier_b, false, board.global_b, board.secrets_b, board.hand_b, board.powers_b),
            board: entities(board.b, false),
        },
        playerTeammateBoard: teammate(board.mate_a, true),
        opponentTeammateBoard: teammate(board.mate_b, false),
        options: {
            numberOfSimulations: samples,
            maxAcceptableDuration: 3600 * 1000,
            hideMaxSimulationDurationWarning: true,
            skipInfoLogs: true,
            ...options,
        },
        gameState: { currentTurn: 10, validTribes: [], anomalies: [] },
    };
}

module.exports = { loadWithOwnMarks, loadCards, cardsDataFor, firestoneVersion, runToEnd, histogram, battleInput };
