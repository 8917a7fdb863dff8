// Runs Firestone's simulator (npm @firestone-hs/simulate-bgs-battle,
// pinned in package.json) offline on boards, to make reference vectors.
//
//   node simulate.js [--own-marks] CARDS.json BOARDS.json SAMPLES OUT.json
//
// --own-marks: run Firestone with the one rule where oddsmith deliberately
// differs (docs/src/rules/battlegrounds.md): each token summoned in a death
// phase takes its round mark from its own dead minion, not from the last
// dead minion Firestone processed. Two lines of Firestone's
// deathrattle-orchestration.js are changed as the module loads; nothing of
// Firestone is copied here.
//
// CARDS.json: `python3 scripts/bg_cards.py --firestone-cards CARDS.json`.
// BOARDS.json: [{"name", "a": [entity], "b": [entity], "tier_a", "tier_b"}]
// (optionally "global_a", "global_b": each hero's `globalInfo`, the bonuses
// of earlier turns, read by `oddsmith combat --a-bonuses`; "secrets_a",
// "secrets_b": each hero's secrets and lingering spells, [{"cardId",
// "scriptDataNum1", "scriptDataNum2"}], as a game state's `secrets`;
// "hand_a", "hand_b": the minions in each hero's hand, entities as the
// boards', read by `oddsmith combat --hand-a`; "powers_a", "powers_b": each
// hero's hero powers, [{"cardId"}] (optionally "used", "info"), as a game
// state's `heroPowers`; "mate_a", "mate_b": each
// side's Duos teammate, {"board", "tier"} and optionally "global",
// "secrets", "hand" as a side's)
// with Firestone-shaped entities ({"cardId", "attack", "health",
// "divineShield", "taunt", "poisonous", "venomous", "windfury", "reborn"}).
// OUT.json: the boards with "firestone": {samples, win, draw, loss,
// damage_to_b, damage_to_a} (damage histograms as {damage: share}).
'use strict';
const fs = require('fs');
const { loadWithOwnMarks, loadCards, battleInput } = require('./firestone');

const args = process.argv.slice(2);
const ownMarks = args[0] === '--own-marks';
if (ownMarks) {
    args.shift();
    loadWithOwnMarks();
}

const { simulateBattle } = require('@firestone-hs/simulate-bgs-battle');

const [cardsPath, boardsPath, samplesText, outPath] = args;
if (!outPath) {
    console.error('usage: node simulate.js [--own-marks] CARDS.json BOARDS.json SAMPLES OUT.json');
    process.exit(2);
}
const samples = Number(samplesText);
const { cards, cardsData } = loadCards(cardsPath);

const boards = JSON.parse(fs.readFileSync(boardsPath, 'utf8'));
const out = [];
for (const board of boards) {
    const input = battleInput(board, samples, {
        // One intermediate result after the last combat: the final one
        // drops the per-combat damage lists.
        intermediateResults: Math.max(1, samples - 1),
        includeOutcomeSamples: false,
    });
    const started = Date.now();
    const run = simulateBattle(input, cards, cardsData);
    let damageWons = [];
    let damageLosts = [];
    let step = run.next();
    while (!step.done) {
        damageWons = [...step.value.damageWons];
        damageLosts = [...step.value.damageLosts];
        step = run.next();
    }
    const result = step.value;
    if (!result) throw new Error(`${board.name}: Firestone gave no result`);
    if (damageWons.length !== result.won || damageLosts.length !== result.lost) {
        throw new Error(`${board.name}: damage lists do not cover every combat`);
    }
    const n = result.won + result.tied + result.lost;
    const histogram = (list) => {
        const h = {};
        for (const d of list) h[d] = (h[d] || 0) + 1 / n;
        return h;
    };
    out.push({
        ...board,
        [ownMarks ? 'firestone_own_marks' : 'firestone']: {
            samples: n,
            win: result.won / n,
            draw: result.tied / n,
            loss: result.lost / n,
            damage_to_b: histogram(damageWons),
            damage_to_a: histogram(damageLosts),
        },
    });
    console.error(`${board.name}: ${n} combats in ${Date.now() - started} ms: ` +
        `${(result.won / n).toFixed(4)}/${(result.tied / n).toFixed(4)}/${(result.lost / n).toFixed(4)}`);
}
fs.writeFileSync(outPath, JSON.stringify(out, null, 1) + '\n');
