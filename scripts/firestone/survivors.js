// What survives each combat in Firestone: for each board, the share of
// combats ending with each winning board ("A 4/1,2/2": side A won with a
// 4/1 and a 2/2 left, left to right), and "draw". Compare with oddsmith's
// own tally of the same boards to find which rule two simulators play
// differently when their win rates agree but their damage does not.
//
//   node survivors.js [--own-marks] CARDS.json BOARDS.json SAMPLES
//
// Prints one JSON object per board on stdout. Arguments as simulate.js.
'use strict';
const fs = require('fs');
const { loadWithOwnMarks, loadCards, battleInput } = require('./firestone');

const args = process.argv.slice(2);
if (args[0] === '--own-marks') {
    args.shift();
    loadWithOwnMarks();
}
const [cardsPath, boardsPath, samplesText] = args;
if (!samplesText) {
    console.error('usage: node survivors.js [--own-marks] CARDS.json BOARDS.json SAMPLES');
    process.exit(2);
}
const { simulateBattle } = require('@firestone-hs/simulate-bgs-battle');
const { Simulator } = require('@firestone-hs/simulate-bgs-battle/dist/simulation/simulator');

// Firestone sums the winner's board once per won combat: count the board
// there.
const tally = new Map();
const damageOf = Simulator.prototype.buildBoardTotalDamage;
Simulator.prototype.buildBoardTotalDamage = function (board, teammateBoard) {
    const side = board[0].friendly ? 'A' : 'B';
    const key = `${side} ${board.map((e) => `${e.attack}/${e.health}`).join(',')}`;
    tally.set(key, (tally.get(key) || 0) + 1);
    return damageOf.call(this, board, teammateBoard);
};

const { cards, cardsData } = loadCards(cardsPath);
for (const board of JSON.parse(fs.readFileSync(boardsPath, 'utf8'))) {
    tally.clear();
    const run = simulateBattle(battleInput(board, Number(samplesText)), cards, cardsData);
    let step = run.next();
    while (!step.done) step = run.next();
    const r = step.value;
    const n = r.won + r.tied + r.lost;
    const shares = { draw: r.tied / n };
    for (const [key, count] of tally) shares[key] = count / n;
    console.log(JSON.stringify(shares));
}
