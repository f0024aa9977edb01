package solver

// Quick lets the external tests sample their long runs as the internal
// ones do (see quick).
var Quick = quick

// Race reports whether the race detector is on (see race).
const Race = race

// CheckStep lets the external tests check a step against a solution as
// the internal ones do (see checkStep).
var CheckStep = checkStep
