// Every attack of every combat in Firestone, as the boards before it:
// "A 3/4t,2/1r|B 1/6|A0>1" (side A's minion 0 attacks B's minion 1;
// t = taunt, r = reborn, s = divine shield). Compare with oddsmith's own
// log of the same boards to find the first step where two simulators part.
//
//   node attacks.js [--own-marks] CARDS.json BOARD.json SAMPLES > LOG
//
// --own-marks as in simulate.js (the token marks oddsmith keeps).
// One line per combat: its attacks joined by " ; ", then " => " and the
// outcome. BOARD.json holds one board in the vectors' format.
'use strict';
const fs = require('fs');
const { loadWithOwnMarks, loadCards, battleInput } = require('./firestone');

const args = process.argv.slice(2);
if (args[0] === '--own-marks') {
    args.shift();
    loadWithOwnMarks();
}
const [cardsPath, boardPath, samplesText] = args;
if (!samplesText) {
    console.error('usage: node attacks.js [--own-marks] CARDS.json BOARD.json SAMPLES');
    process.exit(2);
}
const { simulateBattle } = require('@firestone-hs/simulate-bgs-battle');
const { Simulator } = require('@firestone-hs/simulate-bgs-battle/dist/simulation/simulator');
const { Spectator } = require('@firestone-hs/simulate-bgs-battle/dist/simulation/spectator/spectator');

const minion = (e) => `${e.attack}/${e.health}${e.taunt ? 't' : ''}${e.reborn ? 'r' : ''}${e.divineShield ? 's' : ''}`;
let log = [];
const register = Spectator.prototype.registerAttack;
Spectator.prototype.registerAttack = function (attacker, defender, attackingBoard, defendingBoard, ...rest) {
    const friendly = attacker.friendly;
    const a = friendly ? attackingBoard : defendingBoard;
    const b = friendly ? defendingBoard : attackingBoard;
    const side = friendly ? 'A' : 'B';
    log.push(
        `A ${a.map(minion).join(',')}|B ${b.map(minion).join(',')}|${side}${attackingBoard.indexOf(attacker)}>${defendingBoard.indexOf(defender)}`,
    );
    return register.call(this, attacker, defender, attackingBoard, defendingBoard, ...rest);
};
const single = Simulator.prototype.simulateSingleBattle;
Simulator.prototype.simulateSingleBattle = function (...args) {
    log = [];
    const r = single.apply(this, args);
    console.log(`${log.join(' ; ')} => ${r ? r.result : '?'}`);
    return r;
};

const { cards, cardsData } = loadCards(cardsPath);
const board = JSON.parse(fs.readFileSync(boardPath, 'utf8'));
const run = simulateBattle(battleInput(Array.isArray(board) ? board[0] : board, Number(samplesText)), cards, cardsData);
let step = run.next();
while (!step.done) step = run.next();
