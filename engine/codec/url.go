package codec

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"

	"github.com/sudokuwise/solver/engine/grid"
)

// Whole SudokuWiki URLs carry the puzzle in the bd parameter (commas may
// be written %2C), plus shape and jigmap for jigsaws. The page decides the
// variant of a string without a header (an 81-character or v1 string): on
// SudokuX.aspx it is a Sudoku X, on Windoku.aspx a Windoku, on jigsaw.aspx
// a jigsaw whose regions jigmap gives. A 2.0 string's header decides
// whatever the page. Unknown pages leave the variant open.
//
// SudokuWiki's print pages name the variant in a jig parameter, the
// site's old puzzle type numbers: 0 Sudoku, -1 Sudoku X, -3 killer, -4
// Colour, -5 Windoku (-6, Stripy, is not read here). It decides like a
// page; one that contradicts the page of a variant, or the variant its bd
// and jigmap make, is refused. A positive jig, which may number a
// jigsaw's shape, is left to shape and jigmap.
//
// The jigsaw v1 form is shape=33&bd=<81 or v1 162>&jigmap=<81 box digits
// 1-9>, alone or as the query of jigsaw.aspx. shape=1..32 name
// SudokuWiki's numbered layouts, which are not documented and so are
// rejected. A killer bd with a jigmap is a killer jigsaw (reported, not
// verified).

// baseURL is the start of the URLs EncodeURL writes.
const baseURL = "https://www.sudokuwiki.org/"

// pages maps the lower-case page names of SudokuWiki's solvers to the
// variant they solve.
var pages = map[string]grid.Variant{
	"sudoku.htm":           grid.Classic,
	"sudoku.aspx":          grid.Classic,
	"sudoku_player":        grid.Classic,
	"sudokux.aspx":         grid.X,
	"windoku.aspx":         grid.Windoku,
	"jigsaw.aspx":          grid.Jigsaw,
	"jigsaw_sudoku_player": grid.Jigsaw,
	"killersudoku.aspx":    grid.Killer,
}

// pageOf maps the variants with a known solver page to the page EncodeURL
// writes.
var pageOf = map[grid.Variant]string{
	grid.Classic: "sudoku.htm",
	grid.X:       "SudokuX.aspx",
	grid.Windoku: "Windoku.aspx",
	grid.Jigsaw:  "jigsaw.aspx",
	grid.Killer:  "killersudoku.aspx",
}

// looksLikeURL reports whether s is a URL or the query of one.
func looksLikeURL(s string) bool {
	l := strings.ToLower(s)
	// A bare "?" is not enough: a charset may use it as a symbol.
	for _, prefix := range []string{"http://", "https://", "www.", "bd=", "?bd=", "shape=", "?shape=", "jigmap=", "?jigmap="} {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	for _, part := range []string{"://", "sudokuwiki.org", "str8ts.com", "?bd=", "&bd="} {
		if strings.Contains(l, part) {
			return true
		}
	}
	return false
}

// isJigsawQuery reports whether s is the bare query of a jigsaw URL.
func isJigsawQuery(s string) bool {
	path, query := splitURL(s)
	l := strings.ToLower(query)
	return path == "" && (strings.HasPrefix(l, "shape=") || strings.Contains(l, "jigmap="))
}

// splitURL splits a URL into its path and its query, without the
// fragment. Text without '?' is a bare query unless it has a scheme or
// starts with "www.".
func splitURL(s string) (path, query string) {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "#")
	if path, query, ok := strings.Cut(s, "?"); ok {
		return path, query
	}
	if strings.Contains(s, "://") || strings.HasPrefix(strings.ToLower(s), "www.") {
		return s, ""
	}
	return "", s
}

// pageName returns the lower-case last segment of a URL path.
func pageName(path string) string {
	path = strings.TrimRight(path, "/")
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		path = path[i+1:]
	}
	return strings.ToLower(path)
}

// DecodeURL decodes a whole SudokuWiki URL, or its query: the bd string in
// any SudokuWiki format, with the page deciding the variant of a string
// without a header.
func DecodeURL(s string) (*Puzzle, error) { return decodeURL(s, false) }

func decodeURL(s string, tolerant bool) (*Puzzle, error) {
	path, q, err := parseURL(s)
	if err != nil {
		return nil, err
	}
	v, known := pages[pageName(path)]
	jig, t, ok, err := puzzleType(q["jig"])
	if err != nil || !ok {
		if err != nil {
			return nil, err
		}
		return decodeParams(q, v, known, tolerant)
	}
	if known && v != grid.Classic && v != t {
		return nil, grid.FieldErrorf("text", "the URL's page solves %s but its jig=%s names %s", v, jig, t)
	}
	p, err := decodeParams(q, t, true, tolerant)
	if err != nil {
		return nil, err
	}
	// A bd (its header, a killer string) or a jigmap that makes another
	// variant would drop the rules jig names.
	switch {
	case p.Variant == t, t == grid.Classic && p.Variant == grid.Jigsaw, t == grid.Killer && p.Variant == grid.KillerJigsaw:
		return p, nil
	}
	return nil, grid.FieldErrorf("text", "the URL's jig=%s names %s but its bd and jigmap make %s puzzle", jig, t, p.Variant.WithArticle())
}

// puzzleTypes maps the jig parameter of SudokuWiki's print pages to its
// variant.
var puzzleTypes = map[string]grid.Variant{"0": grid.Classic, "-1": grid.X, "-3": grid.Killer, "-4": grid.Colour, "-5": grid.Windoku}

// puzzleType returns the variant the jig parameters of a URL name, and
// whether they name one: none is given, or a positive number, which may
// number a jigsaw's shape, is left to shape and jigmap as before jig was
// read. Two that differ are refused.
func puzzleType(jigs []string) (jig string, v grid.Variant, ok bool, err error) {
	if len(jigs) == 0 {
		return "", 0, false, nil
	}
	jig = strings.TrimSpace(jigs[0])
	for _, other := range jigs[1:] {
		if other = strings.TrimSpace(other); other != jig {
			return "", 0, false, grid.FieldErrorf("text", "the URL gives jig twice, %q and %q", jig, other)
		}
	}
	if v, ok := puzzleTypes[jig]; ok {
		return jig, v, true, nil
	}
	if n, err := strconv.Atoi(jig); err == nil && n > 0 {
		return "", 0, false, nil
	}
	if jig == "-6" {
		return "", 0, false, grid.FieldErrorf("text", "the URL's jig=-6 names Stripy Sudoku, which is not supported")
	}
	return "", 0, false, grid.FieldErrorf("text", "the URL's jig=%q is none of SudokuWiki's puzzle types (0 Sudoku, -1 X, -3 killer, -4 Colour, -5 Windoku)", jig)
}

// parseURL splits a URL, or a query alone, into its path and its parsed
// query. A URL copied from a page's HTML source, or from a mail quoting
// it, writes its separators as the entity &amp;: no SudokuWiki parameter
// holds one, so it is read as the & it stands for rather than refused for
// the semicolon it has.
//
// A URL enclosed in angle brackets, quotes, parentheses or square
// brackets, as mail and Markdown write one (<https://…>), is read without
// them: none is part of any parameter, and the closing one made the last
// parameter a character too long ("jigmap has 82 characters"). The names
// of the parameters are read in any case (BD=, JigMap=), as the site's
// ASP.NET pages (killersudoku.aspx, jigsaw.aspx) read their queries.
func parseURL(s string) (string, url.Values, error) {
	path, query := splitURL(unenclose(strings.TrimSpace(s)))
	for strings.Contains(query, "&amp;") { // escaped twice, &amp;amp;, from escaped markup
		query = strings.ReplaceAll(query, "&amp;", "&")
	}
	raw, err := url.ParseQuery(query)
	if err != nil {
		return "", nil, grid.FieldErrorf("text", "bad URL query: %v", err)
	}
	q := make(url.Values, len(raw))
	for k, vs := range raw {
		k = strings.ToLower(k)
		q[k] = append(q[k], vs...)
	}
	return path, q, nil
}

// enclosers maps the marks that may enclose a URL to their closing ones.
var enclosers = map[byte]byte{'<': '>', '"': '"', '\'': '\'', '(': ')', '[': ']', '`': '`'}

// unenclose returns s without the pairs of marks that enclose it
// (<https://…>, "https://…"), any number deep.
func unenclose(s string) string {
	for len(s) >= 2 {
		closing, ok := enclosers[s[0]]
		if !ok || s[len(s)-1] != closing {
			break
		}
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// DecodeJigsawV1 decodes SudokuWiki's jigsaw v1 form,
// shape=33&bd=...&jigmap=..., alone or in a whole URL.
func DecodeJigsawV1(s string) (*Puzzle, error) { return decodeJigsawV1(s, false) }

func decodeJigsawV1(s string, tolerant bool) (*Puzzle, error) {
	_, q, err := parseURL(s)
	if err != nil {
		return nil, err
	}
	return decodeParams(q, grid.Jigsaw, true, tolerant)
}

// decodeParams decodes the parameters of a SudokuWiki URL; page is the
// variant of the URL's page when known.
func decodeParams(q url.Values, page grid.Variant, known, tolerant bool) (*Puzzle, error) {
	bd := strings.TrimSpace(q.Get("bd"))
	if bd == "" {
		return nil, grid.FieldErrorf("text", "the URL has no bd parameter")
	}
	if strings.ContainsAny(bd, " \t\r\n") {
		// A link wrapped by a mail program, as a text alone may be.
		if what := brokenString(bd); what != "" {
			return nil, grid.FieldErrorf("text", "the URL's bd is %s broken by white space (at position %d of bd), as a mail program wraps a long line: remove the spaces and line breaks", what, strings.IndexFunc(bd, unicode.IsSpace)+1)
		}
	}
	jigmap, shape := strings.TrimSpace(q.Get("jigmap")), strings.TrimSpace(q.Get("shape"))
	if looksV2Header(bd) && !isV1(bd) {
		if jigmap != "" || shape != "" {
			return nil, grid.FieldErrorf("text", "a 2.0 string carries its own regions; the URL's shape and jigmap do not apply to it")
		}
		p, err := decodeV2(bd, tolerant)
		if err != nil {
			return nil, inBD(err)
		}
		return p, nil
	}
	var (
		p   *Puzzle
		err error
	)
	switch {
	case strings.Contains(bd, ","):
		p, err = DecodeKillerV1(bd)
	case isV1(bd):
		p, err = DecodeV1(bd)
	default:
		p, err = ParseText(bd, "", "")
	}
	if err != nil {
		return nil, inBD(err)
	}
	switch {
	case jigmap != "" || shape != "" || known && page.Irregular():
		if shape != "" && shape != "33" {
			k, err := strconv.Atoi(shape)
			if err != nil || k < 1 || k > 33 {
				return nil, grid.FieldErrorf("text", "jigsaw shape %q is not a number 1-33", shape)
			}
			return nil, grid.FieldErrorf("text", "jigsaw shape %d is one of SudokuWiki's numbered layouts, which are not known here; use shape=33 with a jigmap", k)
		}
		if jigmap == "" {
			return nil, grid.FieldErrorf("text", "a jigsaw URL needs its regions: shape=33&jigmap=<81 box digits>")
		}
		if p.Size != 9 {
			return nil, grid.FieldErrorf("text", "a jigsaw v1 board is 9×9; bd gives %d×%d", p.Size, p.Size)
		}
		if p.Regions, err = parseJigmap(jigmap); err != nil {
			return nil, err
		}
		p.Variant, p.VariantSet = grid.Jigsaw, true
		if len(p.Cages) > 0 {
			p.Variant = grid.KillerJigsaw
		}
	case p.VariantSet:
		// A killer string names its variant.
	case known && page == grid.Killer:
		return nil, grid.FieldErrorf("text", "a killer URL (its page or jig=-3) needs a killer string, got %d characters without a comma", len(bd))
	case known:
		p.Variant, p.VariantSet = page, true
	}
	return p, nil
}

// inBD says that err, found decoding a URL's bd parameter, is about that
// parameter: its lines and columns count within it, not within the URL.
func inBD(err error) error {
	var fe *grid.FieldError
	if errors.As(err, &fe) {
		return &grid.FieldError{Field: fe.Field, Reason: "the URL's bd parameter: " + fe.Reason}
	}
	return fmt.Errorf("the URL's bd parameter: %w", err)
}

// parseJigmap reads a jigmap: the box digit 1-9 of each of 81 cells.
func parseJigmap(s string) ([]int, error) {
	if len(s) != 81 {
		return nil, grid.FieldErrorf("text", "jigmap has %d characters, want 81", len(s))
	}
	labels := make([]int, 81)
	for cell := range labels {
		c := s[cell]
		if c < '1' || c > '9' {
			return nil, grid.FieldErrorf("text", "jigmap %q at %s is not a box digit 1-9", c, cellName(9, cell))
		}
		labels[cell] = int(c - '0')
	}
	if err := checkRegionLabels("text", "jigmap", 9, labels); err != nil {
		return nil, err
	}
	return labels, nil
}

// EncodeJigsawV1 renders a 9×9 jigsaw, or killer jigsaw, in SudokuWiki's
// jigsaw v1 form: shape=33&bd=<bd>&jigmap=<box digits>. bd is the v1
// 162-character string when the puzzle carries marks or solved cells,
// else the 81 digits; for a killer jigsaw it is the killer v1 string.
func EncodeJigsawV1(p *Puzzle) (string, error) {
	if err := checkPuzzle(p); err != nil {
		return "", err
	}
	v := p.withRegions(p.EffectiveVariant(grid.Classic))
	switch {
	case !v.Irregular():
		return "", grid.FieldErrorf("board", "jigsaw v1 strings hold jigsaws, not %s boards", v)
	case p.Size != 9:
		return "", grid.FieldErrorf("board", "jigsaw v1 strings hold 9×9 boards, not %d×%d", p.Size, p.Size)
	case p.Regions == nil:
		return "", grid.FieldErrorf("board", "%s board needs its regions", v.WithArticle())
	}
	labels, err := regionLabels(p)
	if err != nil {
		return "", err
	}
	var bd string
	switch {
	case v == grid.KillerJigsaw:
		bd, err = killerV1Body(p)
	case hasProgress(p):
		bd = v1Body(p)
	default:
		bd = plainBody(p, DefaultCharset)
	}
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("shape=33&bd=")
	b.WriteString(bd)
	b.WriteString("&jigmap=")
	for _, k := range labels {
		b.WriteByte(byte('0' + k))
	}
	return b.String(), nil
}

// hasProgress reports whether a puzzle carries marks or solved cells.
func hasProgress(p *Puzzle) bool {
	if p.Marks {
		return true
	}
	for _, c := range p.Cells {
		if c.Value != 0 && !c.Given {
			return true
		}
	}
	return false
}

// EncodeURL renders a 9×9 puzzle as a whole SudokuWiki URL of the solver
// page of its variant: the 2.0 string on sudoku.htm, SudokuX.aspx,
// Windoku.aspx and killersudoku.aspx, the jigsaw v1 form on jigsaw.aspx.
// Other variants have no known page.
func EncodeURL(p *Puzzle) (string, error) {
	v, err := v2Variant(p)
	if err != nil {
		return "", err
	}
	page, ok := pageOf[v]
	switch {
	case !ok:
		return "", grid.FieldErrorf("board", "SudokuWiki has no known solver page for %s boards", v)
	case p.Size != 9:
		return "", grid.FieldErrorf("board", "SudokuWiki's solvers take 9×9 boards, not %d×%d", p.Size, p.Size)
	}
	if v == grid.Jigsaw {
		q, err := EncodeJigsawV1(p)
		if err != nil {
			return "", err
		}
		return baseURL + page + "?" + q, nil
	}
	s, err := EncodeV2(p)
	if err != nil {
		return "", err
	}
	return baseURL + page + "?bd=" + s, nil
}
