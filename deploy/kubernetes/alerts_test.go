package kubernetes

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	dto "github.com/prometheus/client_model/go"

	"github.com/sudokuwise/solver/internal/webview"
	"github.com/sudokuwise/solver/service"
)

// prometheusRule is the part of the Prometheus Operator's PrometheusRule
// (monitoring.coreos.com/v1) that the manifests use, decoded strictly as
// the ServiceMonitor is.
type prometheusRule struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		Groups []struct {
			Name     string `json:"name"`
			Interval string `json:"interval,omitempty"`
			Rules    []struct {
				Alert       string            `json:"alert,omitempty"`
				Record      string            `json:"record,omitempty"`
				Expr        string            `json:"expr"`
				For         string            `json:"for,omitempty"`
				Labels      map[string]string `json:"labels,omitempty"`
				Annotations map[string]string `json:"annotations,omitempty"`
			} `json:"rules"`
		} `json:"groups"`
	} `json:"spec"`
}

// severities are the values an alert's severity label may take.
var severities = []string{"critical", "warning", "info"}

// groupingLabels are the labels an alert may aggregate by: those of the
// scrape (a namespace's pods) and solverd's own, each of a bounded set of
// values (a method the server does not have is counted as "unknown").
var groupingLabels = []string{"namespace", "job", "pod", "instance", "service", "le",
	"grpc_type", "grpc_service", "grpc_method", "grpc_code", "reason", "listener"}

// clientBounds are the outcomes that are a client's own doing, not the
// server's trouble: no alert may look at them.
var clientBounds = []string{"STEP_LIMIT", "NODE_LIMIT", "ANSWER_TOO_LARGE", "REQUEST_TOO_LARGE",
	"NO_PUZZLE", "RATE_LIMITED", "InvalidArgument"}

// mainMetrics are the metrics that solverd's main package registers itself
// (cmd/solverd, which a test cannot import), by the file that defines each;
// exportedMetrics checks that the file still does.
var mainMetrics = map[string]struct{ file, typ string }{
	"sudoku_connections_open":                 {"connlimit.go", "gauge"},
	"sudoku_connections_waited_total":         {"connlimit.go", "counter"},
	"sudoku_web_tls_handshake_failures_total": {"weblog.go", "counter"},
}

// exportedMetrics returns the name of every series solverd exports, and
// the family it is of: it
// registers the service's metrics, with every option that adds some, and
// the web viewer's on a registry as cmd/solverd does, makes the web
// viewer refuse a call so that its counter by code has a series, gathers
// them, and adds mainMetrics. A histogram gives its _bucket, _sum and
// _count series.
var exportedMetrics = sync.OnceValues(func() (map[string]string, error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	g, err := service.BuildGRPC(service.New(service.Config{}), service.GRPCConfig{
		Registerer:          reg,
		MaxStreams:          10,
		MaxHeap:             1 << 30,
		MaxHealthWatches:    10,
		RateLimit:           10,
		PrematureResetLimit: 10,
	})
	if err != nil {
		return nil, err
	}
	defer g.Server.Stop()
	web, err := webview.New(g.Server, webview.WithRegisterer(reg))
	if err != nil {
		return nil, err
	}
	req := httptest.NewRequest(http.MethodPost, "/sudoku.v1.SudokuService/NoSuchMethod", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	web.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound {
		return nil, fmt.Errorf("web viewer: an unknown method got %d, want 404", rec.Code)
	}
	families, err := reg.Gather()
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	add := func(name string, typ dto.MetricType) {
		switch typ {
		case dto.MetricType_HISTOGRAM, dto.MetricType_GAUGE_HISTOGRAM:
			names[name+"_bucket"], names[name+"_sum"], names[name+"_count"] = name, name, name
		case dto.MetricType_SUMMARY:
			names[name], names[name+"_sum"], names[name+"_count"] = name, name, name
		default:
			names[name] = name
		}
	}
	for _, f := range families {
		add(f.GetName(), f.GetType())
	}
	if names["sudoku_web_refused_total"] == "" || names["grpc_server_handling_seconds_bucket"] == "" {
		return nil, fmt.Errorf("the gathered metrics miss the web viewer's or the histograms: %v", names)
	}
	_, file, _, _ := runtime.Caller(0)
	mainDir := filepath.Join(filepath.Dir(file), "..", "..", "cmd", "solverd")
	for name, m := range mainMetrics {
		src, err := os.ReadFile(filepath.Join(mainDir, m.file))
		if err != nil {
			return nil, err
		}
		decl := fmt.Sprintf(`Namespace: "sudoku", Name: %q`, strings.TrimPrefix(name, "sudoku_"))
		if !strings.Contains(string(src), decl) {
			return nil, fmt.Errorf("cmd/solverd/%s no longer declares %s (%s)", m.file, name, decl)
		}
		add(name, dto.MetricType(dto.MetricType_value[strings.ToUpper(m.typ)]))
	}
	return names, nil
})

// Pieces of a PromQL expression, for selectors: string literals, label
// matchers, ranges and the label lists of grouping and matching clauses,
// and an identifier.
var (
	promString   = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`")
	promMatchers = regexp.MustCompile(`\{[^}]*\}`)
	promRange    = regexp.MustCompile(`\[[^\]]*\]`)
	promGrouping = regexp.MustCompile(`\b(by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)`)
	promIdent    = regexp.MustCompile(`[A-Za-z_:][A-Za-z0-9_:]*`)
	promKeywords = []string{"and", "or", "unless", "bool", "offset", "inf", "nan", "by", "without",
		"on", "ignoring", "group_left", "group_right", "atan2"}
)

// selector is a metric named in an expression, with its label matchers.
type selector struct {
	metric, matchers string
}

// parseExpr returns the metrics expr selects, with their matchers, and the
// labels it aggregates or matches by. It knows PromQL well enough for
// simple rules: an identifier not followed by "(" and not a keyword is a
// metric's name.
func parseExpr(expr string) (sels []selector, grouping []string) {
	// Strings may hold anything: set them aside as placeholders of the
	// same length, so that the positions of the rest hold.
	blank := promString.ReplaceAllStringFunc(expr, func(s string) string { return strings.Repeat("~", len(s)) })
	for _, m := range promGrouping.FindAllStringSubmatch(blank, -1) {
		for l := range strings.SplitSeq(m[2], ",") {
			if l = strings.TrimSpace(l); l != "" {
				grouping = append(grouping, l)
			}
		}
	}
	blank = promGrouping.ReplaceAllStringFunc(blank, func(s string) string { return strings.Repeat(" ", len(s)) })
	blank = promRange.ReplaceAllStringFunc(blank, func(s string) string { return strings.Repeat(" ", len(s)) })
	matchers := map[int]string{} // by the position where they start
	for _, loc := range promMatchers.FindAllStringIndex(blank, -1) {
		matchers[loc[0]] = expr[loc[0]:loc[1]]
	}
	blank = promMatchers.ReplaceAllStringFunc(blank, func(s string) string { return "{" + strings.Repeat(" ", len(s)-1) })
	for _, loc := range promIdent.FindAllStringIndex(blank, -1) {
		name := blank[loc[0]:loc[1]]
		if loc[0] > 0 && strings.ContainsAny(blank[loc[0]-1:loc[0]], "0123456789.") {
			continue // a number's exponent or a duration's unit
		}
		rest := strings.TrimLeft(blank[loc[1]:], " \t\n")
		if strings.HasPrefix(rest, "(") || slices.Contains(promKeywords, strings.ToLower(name)) {
			continue
		}
		s := selector{metric: name}
		if strings.HasPrefix(blank[loc[1]:], "{") {
			s.matchers = matchers[loc[1]]
		}
		sels = append(sels, s)
	}
	return sels, grouping
}

// ruleProblems returns what is wrong with the alerts of r: each needs an
// expression, a for duration, a severity, a summary and a description,
// and its expression may select only the metrics of exported (or the
// scrape's up), never a client's own bounds, and aggregate only by
// groupingLabels.
func ruleProblems(r *prometheusRule, exported map[string]string) []string {
	var problems []string
	bad := func(alert, format string, args ...any) {
		problems = append(problems, alert+": "+fmt.Sprintf(format, args...))
	}
	seen := map[string]bool{}
	alerts := 0
	for _, g := range r.Spec.Groups {
		for _, rule := range g.Rules {
			if rule.Alert == "" {
				bad(g.Name, "a rule that is no alert (record %q)", rule.Record)
				continue
			}
			alerts++
			a := rule.Alert
			if seen[a] {
				bad(a, "two alerts of that name")
			}
			seen[a] = true
			if strings.TrimSpace(rule.Expr) == "" {
				bad(a, "no expr")
			}
			if d, err := time.ParseDuration(rule.For); err != nil || d <= 0 {
				bad(a, "for %q: want a duration above 0", rule.For)
			}
			if !slices.Contains(severities, rule.Labels["severity"]) {
				bad(a, "severity %q: want one of %v", rule.Labels["severity"], severities)
			}
			for _, key := range []string{"summary", "description"} {
				if strings.TrimSpace(rule.Annotations[key]) == "" {
					bad(a, "no %s", key)
				}
			}
			for key := range rule.Annotations {
				if key != "summary" && key != "description" {
					bad(a, "annotation %q: want summary and description alone", key)
				}
			}
			for _, word := range clientBounds {
				if strings.Contains(rule.Expr, word) {
					bad(a, "the expression looks at %s, a client's own doing", word)
				}
			}
			sels, grouping := parseExpr(rule.Expr)
			if len(sels) == 0 {
				bad(a, "the expression selects no metric")
			}
			for _, s := range sels {
				if _, ok := exported[s.metric]; !ok && s.metric != "up" {
					bad(a, "%s is no metric solverd exports", s.metric)
				}
				// The reasons are the clients' bounds but OVERLOADED.
				if s.metric == "sudoku_resource_exhausted_total" && !strings.Contains(s.matchers, `reason="OVERLOADED"`) {
					bad(a, `%s%s: want reason="OVERLOADED", the server's load`, s.metric, s.matchers)
				}
			}
			for _, l := range grouping {
				if !slices.Contains(groupingLabels, l) {
					bad(a, "aggregates by %q, not one of %v", l, groupingLabels)
				}
			}
		}
	}
	if alerts == 0 {
		problems = append(problems, "no alerts")
	}
	return problems
}

// promJob matches the job label matchers of an expression.
var promJob = regexp.MustCompile(`\bjob\s*=\s*"([^"]*)"`)

// checkRule checks the PrometheusRule of a build against solverd's
// metrics and the Service its ServiceMonitor scrapes, whose name is the
// job label of the targets.
func checkRule(t *testing.T, r *prometheusRule, job string) {
	t.Helper()
	exported, err := exportedMetrics()
	if err != nil {
		t.Fatalf("solverd's metrics: %v", err)
	}
	for _, p := range ruleProblems(r, exported) {
		t.Errorf("PrometheusRule %s: %s", r.Metadata.Name, p)
	}
	for _, g := range r.Spec.Groups {
		for _, rule := range g.Rules {
			for _, m := range promJob.FindAllStringSubmatch(rule.Expr, -1) {
				if m[1] != job {
					t.Errorf("PrometheusRule %s: %s: job %q, but the ServiceMonitor's targets are job %q", r.Metadata.Name, rule.Alert, m[1], job)
				}
			}
		}
	}
}

// TestRuleProblems proves that ruleProblems catches a renamed metric and
// the other mistakes it looks for, in the shipped rule.
func TestRuleProblems(t *testing.T) {
	exported, err := exportedMetrics()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join("components", "monitoring", "prometheusrule.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	decode := func(doc []byte) *prometheusRule {
		t.Helper()
		var o objects
		if err := o.decode(doc); err != nil {
			t.Fatal(err)
		}
		if len(o.prometheusRules) != 1 {
			t.Fatal("not a PrometheusRule")
		}
		return o.prometheusRules[0]
	}
	if p := ruleProblems(decode(doc), exported); len(p) > 0 {
		t.Fatalf("the rule as it is: %q", p)
	}
	cases := []struct {
		name, old, new, want string
	}{
		{"misspelt metric", "rate(sudoku_heap_sheds_total", "rate(sudoku_heap_shed_total", "sudoku_heap_shed_total is no metric"},
		{"histogram without suffix", "grpc_server_handling_seconds_bucket", "grpc_server_handling_seconds", "grpc_server_handling_seconds is no metric"},
		{"metric after a function", "rate(grpc_server_started_total", "rate(grpc_server_begun_total", "grpc_server_begun_total is no metric"},
		{"gauge", "sudoku_solve_slots", "sudoku_solving_slots", "sudoku_solving_slots is no metric"},
		{"client's bound", `reason="OVERLOADED"`, `reason="NODE_LIMIT"`, "NODE_LIMIT, a client's own doing"},
		{"every reason", `{reason="OVERLOADED"}`, ``, `want reason="OVERLOADED"`},
		{"InvalidArgument", `"Internal|Unknown|DataLoss"`, `"Internal|InvalidArgument"`, "InvalidArgument"},
		{"unbounded label", "by (namespace, job, grpc_method)", "by (namespace, job, peer_address)", `"peer_address"`},
		{"no for", "\n          for: 5m", "", `for ""`},
		{"no severity", "severity: critical", "team: sre", `severity ""`},
		{"no summary", "summary:", "title:", "no summary"},
		{"runbook", "description:", "runbook_url:", "no description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(string(doc), c.old, c.new, 1)
			if bad == string(doc) {
				t.Fatalf("%q not in the rule", c.old)
			}
			p := ruleProblems(decode([]byte(bad)), exported)
			if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
				t.Errorf("with %q for %q: problems %q, want one with %q", c.new, c.old, p, c.want)
			}
		})
	}
}

// TestParseExpr checks the metrics and grouping labels found in the
// shapes of expression the rules use.
func TestParseExpr(t *testing.T) {
	cases := []struct {
		expr     string
		metrics  []string
		grouping []string
	}{
		{`up{job="solverd"} == 0`, []string{"up"}, nil},
		{`sum by (namespace, job) (rate(a_total{reason="X"}[5m])) / sum by (job) (rate(b_total[5m])) > 0.05`,
			[]string{"a_total", "b_total"}, []string{"namespace", "job", "job"}},
		{`histogram_quantile(0.99, sum(rate(h_bucket{le!="+Inf", grpc_method="Solve"}[5m])) by (le)) > 1e3`,
			[]string{"h_bucket"}, []string{"le"}},
		{`avg_over_time(g[5m]) / on (pod) group_left c > 0.9 and d offset 1h unless e{x="a}b"}`,
			[]string{"g", "c", "d", "e"}, []string{"pod"}},
	}
	for _, c := range cases {
		sels, grouping := parseExpr(c.expr)
		var metrics []string
		for _, s := range sels {
			metrics = append(metrics, s.metric)
		}
		if !slices.Equal(metrics, c.metrics) || !slices.Equal(grouping, c.grouping) {
			t.Errorf("parseExpr(%q) = %v, %v, want %v, %v", c.expr, metrics, grouping, c.metrics, c.grouping)
		}
	}
	sels, _ := parseExpr(`rate(a{reason="OVERLOADED"}[5m])`)
	if len(sels) != 1 || sels[0].matchers != `{reason="OVERLOADED"}` {
		t.Errorf("matchers %v", sels)
	}
}

// TestExportedMetrics checks that the in-process registry has the metrics
// of every part of solverd.
func TestExportedMetrics(t *testing.T) {
	names, err := exportedMetrics()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go_goroutines", "process_resident_memory_bytes", "grpc_server_handled_total",
		"grpc_server_handling_seconds_count", "sudoku_resource_exhausted_total", "sudoku_solves_queued",
		"sudoku_streams_refused_total", "sudoku_rate_limited_total", "sudoku_premature_reset_closes_total",
		"sudoku_web_refused_total", "sudoku_connections_open"} {
		if names[want] == "" {
			var all []string
			for n := range names {
				all = append(all, n)
			}
			sort.Strings(all)
			t.Errorf("%s missing from %v", want, all)
		}
	}
}

// TestMetricsDocumented checks that the section "Metrics and alerts" of
// docs/deploy.md names every metric family solverd exports (Go's and the
// process's aside) and every alert the PrometheusRule ships.
func TestMetricsDocumented(t *testing.T) {
	exported, err := exportedMetrics()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	const heading = "\n## Metrics and alerts\n"
	_, doc, ok := strings.Cut(string(b), heading)
	if !ok {
		t.Fatalf("docs/deploy.md has no section %q", strings.TrimSpace(heading))
	}
	doc, _, _ = strings.Cut(doc, "\n## ")
	families := map[string]bool{}
	for _, f := range exported {
		if !strings.HasPrefix(f, "go_") && !strings.HasPrefix(f, "process_") {
			families[f] = true
		}
	}
	for f := range families {
		if !strings.Contains(doc, "`"+f+"`") {
			t.Errorf("docs/deploy.md, Metrics and alerts: %s is not in the table", f)
		}
	}
	rule, err := os.ReadFile(filepath.Join("components", "monitoring", "prometheusrule.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var o objects
	if err := o.decode(rule); err != nil || len(o.prometheusRules) != 1 {
		t.Fatalf("the PrometheusRule: %v", err)
	}
	for _, g := range o.prometheusRules[0].Spec.Groups {
		for _, r := range g.Rules {
			if !strings.Contains(doc, "`"+r.Alert+"`") {
				t.Errorf("docs/deploy.md, Metrics and alerts: alert %s is not in the table", r.Alert)
			}
		}
	}
}
