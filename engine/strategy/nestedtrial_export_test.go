package strategy

// Race reports to the external tests whether the race detector is on
// (see race): their killer solves skip under it, as the internal ones
// sample.
const Race = race
