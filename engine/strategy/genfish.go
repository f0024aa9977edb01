package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The general fish: Franken and Mutant fish, whose sets mix rows, columns
// and boxes (the fish engine, fish.go, finds them), and the Siamese fish of
// every family. A fish is named by the sets it uses, whatever search found
// it, as HoDoKu does: basic fish take their base sets from the rows and
// their cover sets from the columns (or the other way round); Franken fish
// add boxes to either side; Mutant fish are every other mix.
var (
	// SE lacks Franken and Mutant fish: they rate as the basic fish of
	// their size, finned ones as the finned fish of their size.
	frankenTechniques       = fishFamily("Franken ", "033", [6]Level{Unfair, Unfair, Unfair, Extreme, Extreme, Extreme}, [6]int{300, 350, 370, 470, 470, 470}, basicFishSE)
	finnedFrankenTechniques = fishFamily("Finned Franken ", "034", [6]Level{Unfair, Unfair, Unfair, Extreme, Extreme, Extreme}, [6]int{390, 410, 430, 470, 470, 470}, finnedFishSE)
	mutantTechniques        = fishFamily("Mutant ", "035", [6]Level{Extreme, Extreme, Extreme, Extreme, Extreme, Extreme}, [6]int{450, 450, 450, 470, 470, 470}, basicFishSE)
	finnedMutantTechniques  = fishFamily("Finned Mutant ", "036", [6]Level{Extreme, Extreme, Extreme, Extreme, Extreme, Extreme}, [6]int{470, 470, 470, 470, 470, 470}, finnedFishSE)

	// basicFishSE and finnedFishSE are the SE ratings of the basic and
	// finned fish of 2 to 7 sets.
	basicFishSE  = [6]SERating{32, 38, 52, 54, 55, 56}
	finnedFishSE = [6]SERating{44, 56, 60, 62, 63, 64}

	frankenFishStrategy = &Strategy{
		name: "Franken Fish", class: Elimination, perDigit: true,
		techniques: fishTechniqueList(frankenTechniques, finnedFrankenTechniques),
		explain:    explainGeneralFish,
		find:       func(b *grid.Board, sink *Sink) { findGeneralFish(b, sink, &frankenShape) },
	}
	mutantFishStrategy = &Strategy{
		name: "Mutant Fish", class: Elimination, perDigit: true,
		techniques: fishTechniqueList(mutantTechniques, finnedMutantTechniques),
		explain:    explainGeneralFish,
		find:       func(b *grid.Board, sink *Sink) { findGeneralFish(b, sink, &mutantShape) },
	}
)

// FrankenFish (t): fish whose base sets are rows, or columns, and
// boxes, and whose cover sets are columns, or rows, and boxes (at
// least one box on either side), with or without fins (endo fins
// included). Sizes 2 to 4 by default, up to 7 when Sink.Form asks. In
// find-all mode it also reports HoDoKu's Siamese fish (see
// addSiameseFish). It runs only when chosen (OptIn): HoDoKu has Franken
// X-Wings and Swordfish among its default steps, but here a search for
// them where the solve gets stuck (before the forcing chains) made
// logic-only solving of top1465 over three times slower.
func FrankenFish() *Strategy { return frankenFishStrategy }

// MutantFish (u): every other fish of rows, columns and boxes (a row
// and a column among the base sets, say), with or without fins. It
// searches every mix of sets, so it is dear: it runs only when chosen
// (OptIn), as HoDoKu leaves it out of its default steps. Sizes 2 to 4
// by default, up to 7 when Sink.Form asks.
func MutantFish() *Strategy { return mutantFishStrategy }

// fishSizeNames are the names of fish of 2 to 7 base sets.
var fishSizeNames = [6]string{"X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan"}

// fishFamily returns the techniques of a fish family, sizes 2 to 7, and
// their Siamese forms (HoDoKu's code plus a trailing 1) after them.
func fishFamily(prefix, code string, levels [6]Level, scores [6]int, se [6]SERating) []*Technique {
	out := make([]*Technique, 12)
	for i := range 6 {
		out[i] = &Technique{name: prefix + fishSizeNames[i], code: fmt.Sprintf("%s%d", code, i), level: levels[i], score: scores[i], se: se[i]}
		out[6+i] = siamese(out[i])
	}
	return out
}

// fishTechniqueList joins technique lists.
func fishTechniqueList(lists ...[]*Technique) []*Technique {
	var out []*Technique
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// findGeneralFish reports the fish of shape (Franken or Mutant) on b and,
// in find-all mode, the Siamese ones.
func findGeneralFish(b *grid.Board, sink *Sink, shape *fishShape) {
	from := len(sink.steps)
	findFish(b, sink, shape)
	if sink.All {
		addSiameseFish(sink, from)
	}
}

// fishTechnique returns the technique of a fish of k base sets.
func fishTechnique(kind fishKind, finned bool, k int, sashimi bool) *Technique {
	i := k - 2
	switch {
	case kind == basicFish && !finned:
		return fishTechniques[i]
	case kind == basicFish && sashimi:
		return sashimiTechniques[i]
	case kind == basicFish:
		return finnedTechniques[i]
	case kind == frankenFish && finned:
		return finnedFrankenTechniques[i]
	case kind == frankenFish:
		return frankenTechniques[i]
	case finned:
		return finnedMutantTechniques[i]
	}
	return mutantTechniques[i]
}

// fishInfo tells a fish step's technique apart: its family (basic,
// Franken, Mutant; finned or not: HoDoKu's category, in which Siamese fish
// pair), its size, and whether it is Siamese.
type fishInfo struct {
	category int
	size     int
	siamese  *Technique // the Siamese form of a single fish's technique
	isSiam   bool
}

// fishInfos describes every fish technique.
var fishInfos = func() map[*Technique]fishInfo {
	m := map[*Technique]fishInfo{}
	add := func(category int, ts []*Technique, siamese []*Technique) {
		for i, t := range ts {
			m[t] = fishInfo{category: category, size: i + 2, siamese: siamese[i]}
			m[siamese[i]] = fishInfo{category: category, size: i + 2, isSiam: true}
		}
	}
	add(0, fishTechniques, siameseTechniques(fishTechniques))
	add(1, finnedTechniques, finnedSiamese)
	add(1, sashimiTechniques, sashimiSiamese)
	add(2, frankenTechniques[:6], frankenTechniques[6:])
	add(3, finnedFrankenTechniques[:6], finnedFrankenTechniques[6:])
	add(4, mutantTechniques[:6], mutantTechniques[6:])
	add(5, finnedMutantTechniques[:6], finnedMutantTechniques[6:])
	return m
}()

// siameseTechniques returns the Siamese forms of techniques (not
// catalogued: unfinned basic fish with the same base sets have the same
// cover sets, so they never pair).
func siameseTechniques(ts []*Technique) []*Technique {
	out := make([]*Technique, len(ts))
	for i, t := range ts {
		out[i] = siamese(t)
	}
	return out
}

// siamese returns the Siamese form of technique t: HoDoKu's code plus a
// trailing 1, rated as t (two fish on the same base sets).
func siamese(t *Technique) *Technique {
	return &Technique{name: "Siamese " + t.name, code: t.code + "1", level: t.level, score: t.score, se: t.se, seChain: t.seChain}
}

// addSiameseFish adds HoDoKu's Siamese fish (its option "allow duals and
// siamese", in find-all mode) for the fish steps of sink from index from
// on: two fish of one digit, size and category with the same base sets
// and different eliminations (the first of each differs) are reported
// again as one step that makes both fish's eliminations, named after the
// first found. Units are the base sets, the first fish's cover sets, then
// the second's. The general search reports the fish of the same base sets
// one after the other, so only those are paired.
func addSiameseFish(sink *Sink, from int) {
	end := len(sink.steps)
	for i := from; i < end; i++ {
		if sink.Done() || sink.Cancelled() {
			return
		}
		for j := i + 1; j < end && !sink.Done(); j++ {
			a, b := &sink.steps[i], &sink.steps[j]
			ia, oka := fishInfos[a.Technique]
			ib, okb := fishInfos[b.Technique]
			if !oka || !okb || ia.isSiam || ib.isSiam || ia.size != ib.size || a.Digits != b.Digits ||
				!slices.Equal(a.Units[:ia.size], b.Units[:ia.size]) {
				break
			}
			k := ia.size
			if ia.category != ib.category || a.Eliminations[0] == b.Eliminations[0] {
				continue
			}
			s := sink.Add()
			a, b = &sink.steps[i], &sink.steps[j] // Add may move the steps
			s.Technique = ia.siamese
			s.Digits = a.Digits
			s.Units = append(s.Units, a.Units...)
			s.Units = append(s.Units, b.Units[k:]...)
			s.Cells = append(s.Cells, a.Cells...)
			s.Marks = append(s.Marks, a.Marks...)
			for _, mk := range b.Marks {
				if mk.Role != RolePattern && !slices.Contains(s.Marks, mk) {
					s.Marks = append(s.Marks, mk)
				}
			}
			s.Eliminations = append(s.Eliminations, a.Eliminations...)
			for _, e := range b.Eliminations {
				if !slices.Contains(s.Eliminations, e) {
					s.Eliminations = append(s.Eliminations, e)
				}
			}
		}
	}
}

// explainGeneralFish renders a fish step, e.g. "Finned Franken Swordfish
// on 5: base row 1, row 3, box 5; cover column 2, column 4, box 3; fins
// r1c7; remove 5 from r2c7".
func explainGeneralFish(s *Step, n grid.Notation) string {
	l := n.Layout
	k := fishInfos[s.Technique].size
	if k == 0 || len(s.Units) < 2*k {
		return describeChanges(s, n)
	}
	names := func(units []int) string {
		var out []string
		for _, u := range units {
			out = append(out, l.Unit(u).Name())
		}
		return strings.Join(out, ", ")
	}
	cover := names(s.Units[k:])
	if len(s.Units) > 2*k {
		cover = names(s.Units[k:2*k]) + " / " + names(s.Units[2*k:])
	}
	var fins []int
	for _, m := range s.Marks {
		if m.Role == RoleFin {
			fins = append(fins, m.Cell)
		}
	}
	d := n.DigitName(s.Digits.Min())
	out := fmt.Sprintf("%s on %s: base %s; cover %s", s.Name(), d, names(s.Units[:k]), cover)
	if len(fins) > 0 {
		out += "; fins " + cellList(n, fins)
	}
	return out + fmt.Sprintf("; remove %s from %s", d, cellList(n, eliminationCells(s)))
}
