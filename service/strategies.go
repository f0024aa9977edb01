package service

import (
	"context"

	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

var classNames = map[strategy.Class]string{
	strategy.Solution:    "solution",
	strategy.Elimination: "elimination",
	strategy.Search:      "search",
}

// ListStrategies returns the strategy catalogue in solving order: each
// strategy with the variants the solver runs it on (solver.Variants), and
// its techniques with their ratings and descriptions.
func (s *Server) ListStrategies(context.Context, *sudokuv1.ListStrategiesRequest) (*sudokuv1.ListStrategiesResponse, error) {
	all := strategy.All()
	resp := &sudokuv1.ListStrategiesResponse{Strategies: make([]*sudokuv1.StrategyInfo, len(all))}
	for i, st := range all {
		info := &sudokuv1.StrategyInfo{
			Method:      st.Letter(),
			Name:        st.Name(),
			Class:       classNames[st.Class()],
			NeedsUnique: st.NeedsUnique(),
		}
		for _, v := range solver.Variants(st) {
			info.Variants = append(info.Variants, protoconv.VariantToProto[v])
		}
		for _, t := range st.AllTechniques() {
			info.Techniques = append(info.Techniques, &sudokuv1.TechniqueInfo{
				Name:        t.Name(),
				Code:        t.Code(),
				Level:       sudokuv1.DifficultyLevel(t.Level()),
				Score:       uint32(t.Score()),
				SeRating:    t.SERating().Float(),
				Description: t.Description(),
			})
		}
		resp.Strategies[i] = info
	}
	return resp, nil
}
