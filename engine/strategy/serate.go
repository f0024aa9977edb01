package strategy

import (
	"fmt"
	"strings"
)

// SERating is a difficulty on Sudoku Explainer's scale (SE, see
// ../shared/docs/strategies.md section 6), in tenths: 23 is SE's 2.3, a
// naked single. The scale runs from 1.0 (a full house) to about 12; 0
// means not rated.
type SERating int

// String renders the rating the way SE does, e.g. "7.2".
func (r SERating) String() string { return fmt.Sprintf("%d.%d", r/10, r%10) }

// Float returns the rating as SE prints it, e.g. 7.2.
func (r SERating) Float() float64 { return float64(r) / 10 }

// seRate is a technique's place on SE's scale.
type seRate struct {
	base SERating
	// chain adds SE's length bonus (SELengthBonus) for the nodes of the
	// step's chain (Step.Nodes) to base.
	chain bool
}

// seRates gives every technique of the catalogue, by name, its rating on
// Sudoku Explainer's scale, the one table of the SE scale
// (TestSERatesCoverCatalogue holds it to the catalogue). SE rates a puzzle
// by the hardest step of its path (ER). The figures:
//
//   - Singles, intersections, subsets, basic fish, XY- and XYZ-Wing,
//     uniqueness and BUG take SE's own figures (SE's box/line hidden
//     singles, 1.2/1.5, are one figure, 1.2; fish of 5 to 7 lines are SE's
//     disabled 5.4-5.6). Uniqueness tests 5 and 6 and hidden and avoidable
//     rectangles, which SE lacks, rate as its unique rectangles, a tenth
//     up for the rarer forms.
//   - Skyscraper (4.0), 2-String Kite (4.1), Turbot Fish and Empty
//     Rectangle (4.2) and WXYZ-Wing (5.5) take the figures of
//     SukakuExplainer, the SE that rated the shared sets.
//   - Chains: X- and XY-Chains are SE's forcing X- and Y-chains (6.6),
//     Nice Loops and AICs its chains mixing X and Y links (7.0), forcing
//     chains its multiple forcing chains (8.0), forcing nets its dynamic
//     forcing chains (8.5), each plus SE's length bonus for the nodes of
//     the chain the step draws (SELengthBonus). Guessing, and what a
//     logic-only solve leaves unsolved, is SE's nested forcing chains
//     (level 2), 9.5.
//   - Techniques SE has no class for were calibrated against SE's ratings
//     of top1465 (TestSERatingAgreesWithSE in engine/solver): each takes
//     about the median ER of the puzzles whose hardest step it is, what SE
//     needs where HoDoKu's order of play uses it. So a locked pair or
//     triple, which SE mostly replaces by pointing or claiming, 2.9 and
//     2.8; Remote Pair and finned X-Wings SE's 4.2-4.4 patterns; W-Wing
//     5.2; finned swordfish and jellyfish 5.6 and 6.0; Sue de Coq and 3D
//     Medusa 7.2, about SE's mixed chains; grouped Nice Loops and AICs,
//     which SE can only replace by forcing chains, 8.0 plus length; ALS
//     moves 7.5, Death Blossom 8.8, each plus length.
//   - Killer and other variant techniques, which SE lacks, take the figure
//     of the classic technique of the same reasoning: cage combinations
//     as a hidden single, permutations as a naked single, innies and
//     outies and the line rules as pointing, the cage/unit overlap as
//     claiming, multi-cell innies and outies as a naked triple, cage
//     splitting as a hidden triple. The Str8ts techniques likewise: the
//     compartment range as a hidden single, sure digits and mind the gap
//     as pointing and claiming, high/low stranding as a naked pair,
//     compartment hidden subsets as hidden subsets, the fish on sure
//     digits as fish, Settis, a count over the whole board, as a
//     jellyfish, and the Str8ts unique rectangle as uniqueness test 1.
var seRates = map[string]seRate{
	// Singles.
	"Full House":    {base: 10},
	"Hidden Single": {base: 12},
	"Naked Single":  {base: 23},

	// Intersections and subsets.
	"Locked Candidates Type 1 (Pointing)": {base: 26},
	"Locked Candidates Type 2 (Claiming)": {base: 28},
	"Locked Pair":                         {base: 29},
	"Locked Triple":                       {base: 28},
	"Naked Pair":                          {base: 30},
	"Naked Triple":                        {base: 36},
	"Naked Quadruple":                     {base: 50},
	"Hidden Pair":                         {base: 34},
	"Hidden Triple":                       {base: 40},
	"Hidden Quadruple":                    {base: 54},

	// Str8ts.
	"Compartment Range":         {base: 12},
	"Sure Digits":               {base: 26},
	"Mind the Gap":              {base: 28},
	"High/Low Stranding":        {base: 30},
	"Compartment Hidden Pair":   {base: 34},
	"Compartment Hidden Triple": {base: 40},
	"Str8ts X-Wing":             {base: 32},
	"Str8ts Swordfish":          {base: 38},
	"Settis":                    {base: 52},
	"Str8ts Unique Rectangle":   {base: 45},

	// Basic fish.
	"X-Wing":    {base: 32},
	"Swordfish": {base: 38},
	"Jellyfish": {base: 52},
	"Squirmbag": {base: 54},
	"Whale":     {base: 55},
	"Leviathan": {base: 56},

	// Wings.
	"XY-Wing":   {base: 42},
	"XYZ-Wing":  {base: 44},
	"WXYZ-Wing": {base: 55},
	"W-Wing":    {base: 52},

	// Uniqueness and BUG.
	"Uniqueness Test 1":           {base: 45},
	"Uniqueness Test 2":           {base: 45},
	"Uniqueness Test 3":           {base: 46},
	"Uniqueness Test 4":           {base: 45},
	"Uniqueness Test 5":           {base: 46},
	"Uniqueness Test 6":           {base: 46},
	"Hidden Rectangle":            {base: 46},
	"Avoidable Rectangle Type 1":  {base: 45},
	"Avoidable Rectangle Type 2":  {base: 46},
	"Bivalue Universal Grave + 1": {base: 56},

	// Single-digit patterns: SE's forcing X-chains.
	"Skyscraper":           {base: 40},
	"2-String Kite":        {base: 41},
	"Dual 2-String Kite":   {base: 41},
	"Turbot Fish":          {base: 42},
	"Empty Rectangle":      {base: 42},
	"Dual Empty Rectangle": {base: 42},

	// Finned fish: an X-chain through the fin.
	"Finned X-Wing":     {base: 44},
	"Sashimi X-Wing":    {base: 44},
	"Finned Swordfish":  {base: 56},
	"Sashimi Swordfish": {base: 56},
	"Finned Jellyfish":  {base: 60},
	"Sashimi Jellyfish": {base: 60},
	"Finned Squirmbag":  {base: 62},
	"Sashimi Squirmbag": {base: 62},
	"Finned Whale":      {base: 63},
	"Sashimi Whale":     {base: 63},
	"Finned Leviathan":  {base: 64},
	"Sashimi Leviathan": {base: 64},

	// Franken and Mutant fish, which SE lacks: the basic fish of their
	// size, finned ones the finned fish of their size.
	"Franken X-Wing":           {base: 32},
	"Franken Swordfish":        {base: 38},
	"Franken Jellyfish":        {base: 52},
	"Franken Squirmbag":        {base: 54},
	"Franken Whale":            {base: 55},
	"Franken Leviathan":        {base: 56},
	"Finned Franken X-Wing":    {base: 44},
	"Finned Franken Swordfish": {base: 56},
	"Finned Franken Jellyfish": {base: 60},
	"Finned Franken Squirmbag": {base: 62},
	"Finned Franken Whale":     {base: 63},
	"Finned Franken Leviathan": {base: 64},
	"Mutant X-Wing":            {base: 32},
	"Mutant Swordfish":         {base: 38},
	"Mutant Jellyfish":         {base: 52},
	"Mutant Squirmbag":         {base: 54},
	"Mutant Whale":             {base: 55},
	"Mutant Leviathan":         {base: 56},
	"Finned Mutant X-Wing":     {base: 44},
	"Finned Mutant Swordfish":  {base: 56},
	"Finned Mutant Jellyfish":  {base: 60},
	"Finned Mutant Squirmbag":  {base: 62},
	"Finned Mutant Whale":      {base: 63},
	"Finned Mutant Leviathan":  {base: 64},

	// Templates: one digit tried in every way, SE's Nishio forcing chains
	// (without a length).
	"Template Set":    {base: 75},
	"Template Delete": {base: 75},

	// Colouring.
	"Simple Colours Trap": {base: 66},
	"Simple Colours Wrap": {base: 65},
	"Multi Colours 1":     {base: 70, chain: true},
	"Multi Colours 2":     {base: 70, chain: true},
	"3D Medusa":           {base: 72},

	// Chains and loops.
	"Remote Pair":                     {base: 42},
	"X-Chain":                         {base: 66, chain: true},
	"XY-Chain":                        {base: 66, chain: true},
	"AIC":                             {base: 70, chain: true},
	"Continuous Nice Loop":            {base: 70, chain: true},
	"Discontinuous Nice Loop":         {base: 70, chain: true},
	"Grouped AIC":                     {base: 80, chain: true},
	"Grouped Continuous Nice Loop":    {base: 80, chain: true},
	"Grouped Discontinuous Nice Loop": {base: 80, chain: true},
	"Sue de Coq":                      {base: 72},

	// Almost locked sets.
	"ALS-XZ":        {base: 75, chain: true},
	"ALS-XY-Wing":   {base: 75, chain: true},
	"ALS Chain":     {base: 75, chain: true},
	"Death Blossom": {base: 88, chain: true},

	// Forcing chains and nets.
	"Forcing Chain Contradiction": {base: 80, chain: true},
	"Forcing Chain Verity":        {base: 80, chain: true},
	"Forcing Net Contradiction":   {base: 85, chain: true},
	"Forcing Net Verity":          {base: 85, chain: true},
	"Guessing":                    {base: 95},

	// Killer and variant techniques.
	"Cage Combinations":            {base: 12},
	"Cage Permutations":            {base: 23},
	"Innies and Outies":            {base: 26},
	"Line Rules":                   {base: 26},
	"Cage/Unit Overlap":            {base: 28},
	"Multi-cell Innies and Outies": {base: 36},
	"Cage Splitting":               {base: 40},
	"Naked Killer Pair":            {base: 38},
	"Hidden Killer Pair":           {base: 40},
	"Naked Killer Triple":          {base: 44},
	"Hidden Killer Triple":         {base: 46},
}

// seRateOf returns the table's entry for a technique by name. The Siamese
// fish (two fish on the same base sets) rate as their first fish.
func seRateOf(name string) (seRate, bool) {
	r, ok := seRates[strings.TrimPrefix(name, "Siamese ")]
	return r, ok
}

// SERating returns the technique's rating on Sudoku Explainer's scale
// before any length bonus (see Step.SERating), or 0 for a technique the
// table does not know.
func (t *Technique) SERating() SERating {
	if t == nil {
		return 0
	}
	r, _ := seRateOf(t.Name)
	return r.base
}

// SERating returns the step's rating on Sudoku Explainer's scale: its
// technique's (Technique.SERating), plus, for the chain techniques, SE's
// length bonus for the nodes of the chain it draws (SELengthBonus). A
// step without a technique rates 0.
func (s *Step) SERating() SERating {
	if s.Technique == nil {
		return 0
	}
	r, ok := seRateOf(s.Technique.Name)
	if !ok {
		return 0
	}
	if r.chain {
		return r.base + SELengthBonus(len(s.Nodes))
	}
	return r.base
}

// SEBeyondLogic is the rating of a solve that logic leaves unfinished: the
// steps it would still need are beyond every strategy tried, and SE
// would need its nested forcing chains. It is Guessing's rating.
func SEBeyondLogic() SERating { return seRates["Guessing"].base }

// SELengthBonus returns SE's length bonus for a chain of n nodes: a tenth
// each time n passes 4, 6, 8, 12, 16, 24, 32, 48, ... (each bound the last
// times 3/2 and 4/3 in turn).
func SELengthBonus(n int) SERating {
	var bonus SERating
	ceil, odd := 4, false
	for n > ceil {
		bonus++
		if odd {
			ceil = ceil * 4 / 3
		} else {
			ceil = ceil * 3 / 2
		}
		odd = !odd
	}
	return bonus
}
