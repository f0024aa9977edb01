package strategy

import "fmt"

// SERating is a difficulty on Sudoku Explainer's scale (SE, see
// ../shared/docs/strategies.md section 6), in tenths: 23 is SE's 2.3, a
// naked single. The scale runs from 1.0 (a full house) to about 12; 0
// means not rated.
type SERating int

// String renders the rating the way SE does, e.g. "7.2".
func (r SERating) String() string { return fmt.Sprintf("%d.%d", r/10, r%10) }

// Float returns the rating as SE prints it, e.g. 7.2.
func (r SERating) Float() float64 { return float64(r) / 10 }

// The techniques' ratings on Sudoku Explainer's scale (Technique.SE,
// SEChain) are set where each technique is declared, beside its HoDoKu
// level and score. SE rates a puzzle by the hardest step of its path
// (ER). The figures:
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

// SERating returns the technique's rating on Sudoku Explainer's scale
// before any length bonus (see Step.SERating), or 0 for a nil technique.
func (t *Technique) SERating() SERating {
	if t == nil {
		return 0
	}
	return t.se
}

// SERating returns the step's rating on Sudoku Explainer's scale: its
// technique's (Technique.SERating), plus, for the chain techniques
// (Technique.SEChain), SE's length bonus for the nodes of the chain it
// draws (SELengthBonus). A step without a technique rates 0.
func (s *Step) SERating() SERating {
	t := s.Technique
	if t == nil || t.se == 0 {
		return 0
	}
	if t.seChain {
		return t.se + SELengthBonus(len(s.Nodes))
	}
	return t.se
}

// SEBeyondLogic is the rating of a solve that logic leaves unfinished: the
// steps it would still need are beyond every strategy tried, and SE
// would need its nested forcing chains. It is Guessing's rating.
func SEBeyondLogic() SERating { return Guessing().technique.se }

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
