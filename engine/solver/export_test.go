package solver

// Quick lets the external tests sample their long runs as the internal
// ones do (see quick).
var Quick = quick

// Race reports whether the race detector is on (see race).
const Race = race

// CheckStep lets the external tests check a step against a solution as
// the internal ones do (see checkStep).
var CheckStep = checkStep

// Top1465Clues lets the external tests read top1465 as the internal
// ones do (see top1465Clues).
var Top1465Clues = top1465Clues
