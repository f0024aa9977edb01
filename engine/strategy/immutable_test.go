package strategy

import (
	"reflect"
	"testing"
)

// TestRegisteredHaveNoExportedField: the solver computes its plans once
// from the strategies and their techniques, which every request shares, so
// none may be changed by a caller: no registered strategy or technique has
// an exported field; each is read through its methods.
func TestRegisteredHaveNoExportedField(t *testing.T) {
	exported := func(what string, v any) {
		val := reflect.ValueOf(v).Elem()
		for f := range val.Type().Fields() {
			if f.IsExported() {
				t.Errorf("%s has the exported field %s: a caller could change what every request shares", what, f.Name)
			}
		}
	}
	strategies, techniques := 0, 0
	seen := map[*Technique]bool{}
	for _, st := range All() {
		strategies++
		exported("strategy "+st.Name(), st)
		for _, tech := range append(st.AllTechniques(), st.Technique()) {
			if tech == nil || seen[tech] {
				continue
			}
			seen[tech] = true
			techniques++
			exported("technique "+tech.Name(), tech)
		}
	}
	// The catalogue holds 56 strategies and more techniques: a registry
	// read wrong would check nothing.
	if strategies < 50 || techniques < strategies {
		t.Errorf("checked %d strategies and %d techniques, want at least 50 and as many techniques", strategies, techniques)
	}
}
