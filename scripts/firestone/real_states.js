// Runs Firestone's simulator (npm @firestone-hs/simulate-bgs-battle, pinned
// in package.json) offline on real Battlegrounds game states, to make
// reference answers on them (tests/data/bg_real_states_firestone.json).
//
//   node real_states.js [--cards-build N] [--max-seconds S] [--timeout S] [--redo]
//       [--own-marks] CARDS.json OUT.json SAMPLES MODE STATE.json...
//
// CARDS.json: `python3 scripts/bg_cards.py --firestone-cards CARDS.json
// --firestone-all-types` (states name heroes, hero powers, trinkets, quest
// rewards, anomalies, spells and enchantments, not only minions).
// STATE.json: a Firestone `BgsBattleInfo` as its app exports it (the
// states of shared/bg-states/recent and older/).
// MODE:
//   full      the state as it is;
//   stripped  the same without hero powers (`heroPowers` emptied and the
//             older single fields heroPowerId, heroPowerEntityId,
//             heroPowerUsed, heroPowerInfo, heroPowerInfo2 removed),
//             trinkets, quest rewards (`questRewards`,
//             `questRewardEntities`), quests (`questEntities`) and
//             anomalies (`gameState.anomalies`), on both sides and on the
//             teammates' boards. Hand, secrets and globalInfo stay.
// In both modes the state's own options are replaced by ours (SAMPLES
// combats, no outcome samples, at most --max-seconds per state, default
// 600: Firestone checks it between combats, so a combat that never ends is
// caught by --timeout, default 2 * max-seconds + 60, after which the state
// gets an error and a new worker process takes the next), its `debugState` (forced attacks and random picks of Firestone's
// test files) is dropped, a missing `gameState` is added empty, a hero
// without `hpLeft` gets 40 (Firestone would end the fight at once), and
// minions named by classic ids get their `BG_` copies' (renameClassicIds).
//
// OUT.json: {"firestone": VERSION, "cards_build": N, "states": [...]},
// one entry per state and mode, with "name" (the file name), "folder"
// (recent, older), "mode", "duos" (a teammate board holds minions),
// "firestone": {samples, win, draw, loss, won_lethal, lost_lethal,
// mean_damage_to_b, mean_damage_to_a, damage_to_b, damage_to_a} (shares of
// the combats run; the means over the combats won, resp. lost; damage
// histograms as {damage: share}) or "error", and what Firestone did not
// know: "unknown_card_ids" (card ids of the state missing from CARDS.json),
// "missed_lookups" (ids and dbfIds it looked up in vain while simulating),
// "messages" (its warnings and errors, counted). OUT.json is written after
// each state; states already in it for MODE are skipped (--redo runs them
// again), so a run can be resumed or the two modes gathered in one file.
//
// --own-marks: Firestone with the one rule where oddsmith deliberately
// differs (a token's round mark from its own dead minion; see
// simulate.js): the answer goes to "firestone_own_marks" of the state's
// entry, beside its "firestone", which tests/real_states.rs then uses.
'use strict';
const fs = require('fs');
const path = require('path');
const { fork } = require('child_process');
const { loadWithOwnMarks, loadCards, cardsDataFor, firestoneVersion, runToEnd, histogram } = require('./firestone');

const usage = 'usage: node real_states.js [--cards-build N] [--max-seconds S] [--timeout S] [--redo] [--own-marks] CARDS.json OUT.json SAMPLES MODE STATE.json...';
const args = process.argv.slice(2);
let cardsBuild = null;
let maxSeconds = 600;
let redo = false;
let stateTimeout = null;
let ownMarks = false;
while (args.length && args[0].startsWith('--')) {
    const flag = args.shift();
    if (flag === '--cards-build') cardsBuild = Number(args.shift());
    else if (flag === '--max-seconds') maxSeconds = Number(args.shift());
    else if (flag === '--timeout') stateTimeout = Number(args.shift());
    else if (flag === '--redo') redo = true;
    else if (flag === '--own-marks') ownMarks = true;
    else {
        console.error(usage);
        process.exit(2);
    }
}
const [cardsPath, outPath, samplesText, mode, ...statePaths] = args;
const samples = Number(samplesText);
if (!statePaths.length || !(samples > 0) || !['full', 'stripped'].includes(mode)) {
    console.error(usage);
    process.exit(2);
}

// Each state runs in a worker process (this script again, with
// REAL_STATES_WORKER set), which loads the cards once; a state whose
// combats do not end within the timeout (Firestone's time limit is only
// checked between combats) gets an error and a new worker.
const isWorker = process.env.REAL_STATES_WORKER === '1';
let cards = null;
let getCard = null;
// Every card id and dbfId Firestone looks up without finding it.
const missed = new Set();
// Firestone's console output while a state runs: counted by message (its
// first line, without the boards it prints or numbers that vary), not
// printed.
let messages = null;

function setUpWorker() {
    if (ownMarks) loadWithOwnMarks();
    ({ cards } = loadCards(cardsPath));
    getCard = cards.getCard.bind(cards);
    cards.getCard = (id, errorWhenUndefined) => {
        const card = getCard(id, errorWhenUndefined);
        if (card.id === undefined && id && (typeof id === 'string' || typeof id === 'number')) missed.add(String(id));
        return card;
    };
    for (const level of ['log', 'info', 'warn', 'error', 'debug', 'time', 'timeEnd']) {
        const original = console[level].bind(console);
        console[level] = (...parts) => {
            if (!messages) return original(...parts);
            const text = parts.map((p) => (p instanceof Error ? p.message : typeof p === 'string' ? p : safeJson(p)))
                .join(' ').split('\n')[0]
                // Without the boards and entities it prints after the text.
                .split(/ [[{]/)[0]
                .replace(/(entityId["=:]+)-?\d+/g, '$1#').slice(0, 120);
            let key = `${level}: ${text}`;
            if (!(key in messages) && Object.keys(messages).length >= MAX_MESSAGES) key = 'other messages';
            messages[key] = (messages[key] || 0) + 1;
        };
    }
    process.on('message', (statePath) => process.send(runState(statePath)));
}
const MAX_MESSAGES = 12;
function safeJson(value) {
    try {
        const text = JSON.stringify(value);
        return text === undefined ? String(value) : text;
    } catch (e) {
        return String(value);
    }
}

// The health given to a hero whose state lacks it.
const HEALTH_WHEN_MISSING = 40;
const BOARDS = ['playerBoard', 'opponentBoard', 'playerTeammateBoard', 'opponentTeammateBoard'];

function strip(state) {
    for (const key of BOARDS) {
        const player = state[key] && state[key].player;
        if (!player) continue;
        player.heroPowers = [];
        for (const field of ['heroPowerId', 'heroPowerEntityId', 'heroPowerUsed', 'heroPowerInfo', 'heroPowerInfo2']) {
            delete player[field];
        }
        player.trinkets = [];
        player.questRewards = [];
        player.questRewardEntities = [];
        player.questEntities = [];
    }
    state.gameState.anomalies = [];
}

// Drops from each board and hand entity the `additionalCards` that are its
// own normal card (a golden minion's triple copies, as the app exports
// them): Firestone fires their deathrattles too (and places those spawns
// more than once), which the game does not; oddsmith reads such an entity
// as its card alone and refuses any other additional card. Returns how
// many were dropped.
function dropOwnCopies(state) {
    let dropped = 0;
    for (const key of BOARDS) {
        const board = state[key] || {};
        for (const entity of [...(board.board || []), ...(board.hand || [])]) {
            if (!entity || !Array.isArray(entity.additionalCards)) continue;
            const normal = getCard(entity.cardId).battlegroundsNormalDbfId;
            if (!normal) continue;
            const kept = entity.additionalCards.filter((id) => getCard(id).dbfId !== normal);
            dropped += entity.additionalCards.length - kept.length;
            entity.additionalCards = kept;
        }
    }
    return dropped;
}

// The card ids of oddsmith's card table (src/hearthstone/cards/table.rs),
// in lowercase: what oddsmith reads as an id without a fallback.
let tableIds = null;
function oddsmithIds() {
    if (tableIds) return tableIds;
    const table = fs.readFileSync(path.join(__dirname, '../../src/hearthstone/cards/table.rs'), 'utf8');
    tableIds = new Set([...table.matchAll(/CardDef \{ id: "([^"]+)"/g)].map((m) => m[1].toLowerCase()));
    return tableIds;
}

// Minions named by the classic id the game used before it gave them a
// `BG_` copy (`EX1_556` for Harvest Golem in 2020): renamed to that copy,
// as oddsmith reads them (cards::by_id). Firestone 1.1.755 implements
// only the `BG_` ids (its versions of those seasons matched the classic
// ones), so without this it plays such a minion without its effects.
function renameClassicIds(state) {
    const known = oddsmithIds();
    let renamed = 0;
    for (const key of BOARDS) {
        const board = state[key] || {};
        for (const entity of [...(board.board || []), ...(board.hand || [])]) {
            const id = entity && entity.cardId;
            if (typeof id !== 'string' || known.has(id.toLowerCase())) continue;
            const copy = getCard(`BG_${id}`);
            if (copy.id === undefined || !known.has(copy.id.toLowerCase())) continue;
            entity.cardId = copy.id;
            renamed += 1;
        }
    }
    return renamed;
}

// Every "cardId" string anywhere in the state.
function cardIds(value, out = new Set()) {
    if (Array.isArray(value)) {
        for (const v of value) cardIds(v, out);
    } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
            if (k === 'cardId' && typeof v === 'string' && v) out.add(v);
            else cardIds(v, out);
        }
    }
    return out;
}

function entryHead(statePath, state) {
    return {
        name: path.basename(statePath),
        folder: path.basename(path.dirname(path.resolve(statePath))),
        mode,
        duos: ['playerTeammateBoard', 'opponentTeammateBoard'].some((k) => ((state[k] && state[k].board) || []).length > 0),
    };
}

function runState(statePath) {
    const state = JSON.parse(fs.readFileSync(statePath, 'utf8'));
    const entry = entryHead(statePath, state);
    const notes = [];
    if (state.debugState) {
        delete state.debugState;
        notes.push('debugState dropped');
    }
    if (!state.gameState) {
        state.gameState = { currentTurn: 0, validTribes: [], anomalies: [] };
        notes.push('gameState missing: added empty');
    }
    // Firestone's fight loop runs while both heroes have health left: a
    // state of 2020 that does not give it (no `hpLeft`) would end at
    // once, a draw. oddsmith takes such a hero as alive.
    const missingHealth = BOARDS.filter((k) => state[k] && state[k].player && state[k].player.hpLeft === undefined);
    for (const key of missingHealth) state[key].player.hpLeft = HEALTH_WHEN_MISSING;
    if (missingHealth.length) notes.push(`hpLeft missing: set to ${HEALTH_WHEN_MISSING} (${missingHealth.join(', ')})`);
    if (mode === 'stripped') strip(state);
    const renamed = renameClassicIds(state);
    if (renamed) notes.push(`classic ids: ${renamed} minions renamed to their BG_ copies`);
    const copies = dropOwnCopies(state);
    if (copies) notes.push(`additionalCards: ${copies} own normal copies of golden minions dropped`);
    state.options = {
        numberOfSimulations: samples,
        maxAcceptableDuration: maxSeconds * 1000,
        // false: Firestone stops at maxAcceptableDuration only then.
        hideMaxSimulationDurationWarning: false,
        skipInfoLogs: true,
        includeOutcomeSamples: false,
        // A few intermediate results, for the damage lists (runToEnd).
        intermediateResults: Math.max(1, Math.min(1000, samples - 1)),
    };
    const unknown = [...cardIds(state)].filter((id) => getCard(id).id === undefined).sort();
    if (unknown.length) entry.unknown_card_ids = unknown;
    missed.clear();
    messages = {};
    const started = Date.now();
    try {
        const cardsData = cardsDataFor(cards, state.gameState.validTribes || [], state.gameState.anomalies || []);
        const { result, damageWons, damageLosts } = runToEnd(state, cards, cardsData);
        if (!result) throw new Error('Firestone gave no result');
        const n = result.won + result.tied + result.lost;
        if (!n) throw new Error('Firestone ran no combat');
        entry.firestone = {
            samples: n,
            win: result.won / n,
            draw: result.tied / n,
            loss: result.lost / n,
            won_lethal: result.wonLethal / n,
            lost_lethal: result.lostLethal / n,
            mean_damage_to_b: result.averageDamageWon,
            mean_damage_to_a: result.averageDamageLost,
        };
        if (damageWons && damageWons.length === result.won && damageLosts.length === result.lost) {
            entry.firestone.damage_to_b = histogram(damageWons, n);
            entry.firestone.damage_to_a = histogram(damageLosts, n);
        }
    } catch (e) {
        entry.error = `${e && e.name ? e.name + ': ' : ''}${e && e.message ? e.message : String(e)}`;
        const where = e && e.stack ? e.stack.split('\n').find((l) => l.includes('simulate-bgs-battle')) : null;
        if (where) entry.error_at = where.trim().replace(/^at /, '').replace(/\(.*node_modules\//, '(');
    }
    entry.ms = Date.now() - started;
    const finished = messages;
    messages = null;
    if (missed.size) entry.missed_lookups = [...missed].sort();
    if (Object.keys(finished).length) entry.messages = finished;
    if (notes.length) entry.notes = notes;
    return entry;
}

async function main() {
    let out = { firestone: firestoneVersion(), cards_build: cardsBuild, states: [] };
    if (fs.existsSync(outPath)) {
        const old = JSON.parse(fs.readFileSync(outPath, 'utf8'));
        if (old.firestone !== out.firestone) {
            console.error(`${outPath} holds Firestone ${old.firestone}, not ${out.firestone}: remove it first`);
            process.exit(1);
        }
        out = { ...old, cards_build: cardsBuild != null ? cardsBuild : old.cards_build };
    }
    const key = (e) => `${e.folder}/${e.name}/${e.mode}`;
    const save = () => {
        out.states.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
        // One line per state: small diffs when a run is redone.
        const lines = out.states.map((e) => JSON.stringify(e));
        const head = JSON.stringify({ ...out, states: [] }).replace(/\[\]\}$/, '');
        fs.writeFileSync(outPath, `${head}[\n${lines.join(',\n')}\n]}\n`);
    };
    const runStarted = Date.now();
    let done = 0;
    let worker = null;
    const timeout = (stateTimeout || 2 * maxSeconds + 60) * 1000;
    function inWorker(statePath) {
        if (!worker) {
            worker = fork(__filename, process.argv.slice(2), { env: { ...process.env, REAL_STATES_WORKER: '1' } });
        }
        const current = worker;
        const started = Date.now();
        return new Promise((resolve) => {
            const fail = (error) => {
                clearTimeout(timer);
                current.removeAllListeners('message');
                current.removeAllListeners('exit');
                current.kill('SIGKILL');
                worker = null;
                const entry = entryHead(statePath, JSON.parse(fs.readFileSync(statePath, 'utf8')));
                entry.error = error;
                entry.ms = Date.now() - started;
                resolve(entry);
            };
            const timer = setTimeout(() => fail(`no answer within ${timeout / 1000} s (a combat that does not end)`), timeout);
            current.once('exit', (code, signal) => fail(`the worker ended (${signal || 'exit code ' + code})`));
            current.once('message', (entry) => {
                clearTimeout(timer);
                current.removeAllListeners('exit');
                resolve(entry);
            });
            current.send(statePath);
        });
    }
    for (const statePath of statePaths) {
        const folder = path.basename(path.dirname(path.resolve(statePath)));
        const k = `${folder}/${path.basename(statePath)}/${mode}`;
        const at = out.states.findIndex((e) => key(e) === k);
        const field = ownMarks ? 'firestone_own_marks' : 'firestone';
        if (at >= 0 && !redo && (!ownMarks || out.states[at][field])) continue;
        let entry = await inWorker(statePath);
        if (ownMarks) {
            // Beside the entry's plain answer (or an entry of its own).
            const run = entry;
            entry = at >= 0 ? out.states[at] : entryHead(statePath, JSON.parse(fs.readFileSync(statePath, 'utf8')));
            if (run.firestone) entry[field] = run.firestone;
            else entry.error_own_marks = run.error || 'no answer';
        }
        if (at >= 0) out.states.splice(at, 1);
        out.states.push(entry);
        save();
        done++;
        const f = entry[field];
        console.error(`[${done}/${statePaths.length} ${((Date.now() - runStarted) / 1000).toFixed(0)}s] ${k}: ` +
            (f ? `${f.samples} combats in ${entry.ms} ms: ${f.win.toFixed(4)}/${f.draw.toFixed(4)}/${f.loss.toFixed(4)}` : `error ${entry.error}`) +
            (entry.unknown_card_ids ? ` unknown ${entry.unknown_card_ids.join(',')}` : ''));
    }
    save();
    if (worker) worker.kill();
    console.error(`done: ${done} states run in ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
}

if (isWorker) setUpWorker();
else main();
