package grid

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoExportedVars: no engine package has an exported package-level
// variable, which any importer could reassign (strategy.XWing = nil) while
// the solver's plans, the layouts and the tables are computed once and
// shared by every request. The strategies are functions returning their
// one value (see docs/architecture.md, Invariants); a value that must be
// named is a constant or a function.
//
// The one exception is a sentinel error (var ErrX = errors.New(...), or
// another package's ErrY), the standard library's convention (io.EOF):
// callers match it with errors.Is by identity, which a function returning
// a fresh value would break.
func TestNoExportedVars(t *testing.T) {
	sentinel := regexp.MustCompile(`^Err[A-Z]`)
	fset := token.NewFileSet()
	packages, vars := 0, 0
	err := filepath.WalkDir("..", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || d.Name() == "internal" {
			// An internal package (search's test sets) is the engine's
			// own: no importer outside it can reach its variables.
			return filepath.SkipDir
		}
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, 0)
		if err != nil {
			return err
		}
		for _, pkg := range pkgs {
			packages++
			for _, f := range pkg.Files {
				for _, decl := range f.Decls {
					gd, ok := decl.(*ast.GenDecl)
					if !ok || gd.Tok != token.VAR {
						continue
					}
					for _, spec := range gd.Specs {
						vs := spec.(*ast.ValueSpec)
						for i, name := range vs.Names {
							vars++
							if !name.IsExported() {
								continue
							}
							if sentinel.MatchString(name.Name) && i < len(vs.Values) && isSentinel(vs.Values[i]) {
								continue
							}
							t.Errorf("%s: package %s exports the variable %s: make it a constant or a function (strategies: sh /work/notes/s6/rewrite-strategies.sh)", fset.Position(name.Pos()), pkg.Name, name.Name)
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The engine has seven packages and hundreds of package variables: a
	// walk that found fewer read nothing.
	if packages < 7 || vars < 100 {
		t.Fatalf("checked %d packages and %d variables: is this engine/grid?", packages, vars)
	}
}

// isSentinel reports whether e makes or names a sentinel error: a call of
// errors.New or fmt.Errorf, or pkg.ErrX.
func isSentinel(e ast.Expr) bool {
	if call, ok := e.(*ast.CallExpr); ok {
		name := selector(call.Fun)
		return name == "errors.New" || name == "fmt.Errorf"
	}
	name := selector(e)
	_, after, ok := strings.Cut(name, ".")
	return ok && strings.HasPrefix(after, "Err")
}

// selector returns e as "pkg.Name" when it is one, "" otherwise.
func selector(e ast.Expr) string {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return pkg.Name + "." + sel.Sel.Name
}
