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

// Firestone's card services on the card objects of CARDS.json.
function loadCards(cardsPath) {
    const { AllCardsService } = require('@firestone-hs/reference-data');
    const { CardsData } = require('@firestone-hs/simulate-bgs-battle/dist/cards/cards-data');
    const cards = new AllCardsService();
    cards.initializeCardsDbFromCards(JSON.parse(fs.readFileSync(cardsPath, 'utf8')));
    const cardsData = new CardsData(cards, false);
    cardsData.inititialize([], []);
    return { cards, cardsData };
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

const hero = (tier, friendly, globalInfo) => ({
    cardId: 'TB_BaconShop_HERO_PH',
    hpLeft: 1000,
    tavernTier: tier,
    heroPowers: [],
    questEntities: [],
    friendly,
    entityId: nextId++,
    globalInfo: { ...(globalInfo || {}) },
});

// The battle input of one board ({a, b, tier_a, tier_b}, and optional
// global_a, global_b: each hero's globalInfo, the bonuses of earlier turns).
function battleInput(board, samples, options = {}) {
    return {
        playerBoard: { player: hero(board.tier_a, true, board.global_a), board: entities(board.a, true) },
        opponentBoard: { player: hero(board.tier_b, false, board.global_b), board: entities(board.b, false) },
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

module.exports = { loadWithOwnMarks, loadCards, battleInput };
