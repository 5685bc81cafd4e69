package reports

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"html/template"
	"io"
	"slices"
	"strings"
	"sync"

	"gonum.org/v1/plot/font"

	"github.com/tpk-sim/tpk/sim"
)

// HTML writes one self-contained page for results: for each scenario its
// settings, expectations, every figure with its interval, the plots (inline
// SVG), the per-combatant figures, the comparison with a baseline, notes and
// warnings; and, when the results hold a sweep (results with a variant,
// one for each combination of values), the sweep's table and plots first. Nothing is fetched from the network: the plots' font is embedded
// once, there is no script, and the page reads on a phone (tables scroll
// sideways, plots scale) and prints (one scenario per page).
func HTML(w io.Writer, results []*sim.Result) error { return CheckHTML(w, results, nil) }

// HTMLWithMeanings is HTML with what the swept paths of a sweep among the
// results mean (see Sweep.Meanings).
func HTMLWithMeanings(w io.Writer, results []*sim.Result, meanings map[string]string) error {
	page, err := newHTMLPage(results, meanings)
	if err != nil {
		return err
	}
	return pageTemplate.Execute(w, page)
}

// CheckHTML is HTML with the scenarios a check could not load, listed in a
// banner at the top.
func CheckHTML(w io.Writer, results []*sim.Result, broken []Broken) error {
	page, err := newHTMLPage(results, nil)
	if err != nil {
		return err
	}
	page.Broken = broken
	return pageTemplate.Execute(w, page)
}

// newHTMLPage lays out the page of results; meanings are those of a
// sweep's paths, if any.
func newHTMLPage(results []*sim.Result, meanings map[string]string) (*htmlPage, error) {
	page := &htmlPage{Title: "tpk report"}
	if len(results) == 1 {
		page.Title = "tpk report: " + results[0].Scenario.Name
	}
	if len(results) > 0 {
		page.Version = results[0].Version
	}
	font, err := fontFace()
	if err != nil {
		return nil, err
	}
	page.Font = template.CSS(font)
	var varied []*sim.Result
	for _, r := range results {
		if len(r.Variant) > 0 {
			varied = append(varied, r)
		}
	}
	if sw, ok := SweepFromResults(varied); ok {
		sw.Meanings = meanings
		sec, err := htmlSweep(sw)
		if err != nil {
			return nil, err
		}
		page.Sweep = sec
		if len(varied) == len(results) {
			page.Title = "tpk sweep: " + results[0].Scenario.Name + " by " + paramPaths(sw)
		}
	}
	t := Count(results)
	page.Tally = t
	for _, g := range DriftsByScenario(results) {
		for _, ch := range g.Figures {
			d := Drift{Scenario: g.Scenario, Change: ch}
			page.Drifts = append(page.Drifts, fmt.Sprintf("%s: %s → %s (%s, p %s)", d.Name(), num(ch.Old), num(ch.New), signed(ch.Diff), pValue(ch.P)))
		}
		if cast := g.Cast(); cast != "" {
			page.Drifts = append(page.Drifts, g.Scenario+": combatants "+cast)
		}
	}
	for i, r := range results {
		sec, err := htmlResult(r, i)
		if err != nil {
			return nil, err
		}
		page.Sections = append(page.Sections, sec)
	}
	return page, nil
}

type htmlPage struct {
	Title, Version string
	Font           template.CSS
	Tally          Tally
	Drifts         []string // figures whose drift fails the check, "scenario: figure old → new", and changed casts
	Broken         []Broken // scenarios the check could not load
	Sweep          *htmlSweepSection
	Explains       []htmlExplain
	Sections       []htmlSection
}

type htmlSection struct {
	ID, Name, System, File  string
	Verdict                 string
	Trials                  int64
	Seed                    uint64
	Workers                 int
	Elapsed                 string
	Partial                 bool
	Strategies, OptionsLine string
	Options                 [][2]string
	Variant                 string
	Expectations            []htmlExpectation
	Figures, Own            []htmlFigure // the headline figures; the system's own, folded
	Plots                   []htmlPlot
	CombatantHead           []htmlFigure
	Combatants              [][]string
	Baseline                *sim.Comparison
	Changed, Same           []sim.Change
	Notes, Warnings         []string
}

type htmlExpectation struct {
	Verdict, Class, Text, Observed, Interval, Note string
}

type htmlFigure struct {
	Name, Estimate, Interval, Spread string
	Doc                              string // what the metric means, as the name's title
	Few                              bool
}

type htmlPlot struct {
	Title string
	SVG   template.HTML
}

type htmlSweepSection struct {
	Title, Params string
	Glossary      []string // what each swept option means
	Head          []string
	Rows          [][]string
	Plots         []htmlPlot
}

func htmlResult(r *sim.Result, i int) (htmlSection, error) {
	s := htmlSection{
		ID: fmt.Sprintf("s%d-%s", i+1, Slug(r.Scenario.Name)), Name: r.Scenario.Name, System: r.Scenario.System, Verdict: r.Verdict,
		File: r.Scenario.File, Trials: r.Trials, Seed: r.Seed, Workers: r.Workers,
		Elapsed: fmt.Sprintf("%.2f s", r.ElapsedS), Partial: r.Partial,
		Strategies:  fmt.Sprintf("party %s, foes %s", r.Strategies["party"], r.Strategies["foes"]),
		OptionsLine: strings.TrimPrefix(optionsLine(r), "options: "), Variant: sim.VariantLabel(r.Variant),
		Baseline: r.Baseline, Notes: r.Notes, Warnings: r.Warnings,
	}
	ids := make([]string, 0, len(r.Options))
	for id := range r.Options {
		ids = append(ids, id)
	}
	sim.SortOptionIDs(ids)
	for _, id := range ids {
		s.Options = append(s.Options, [2]string{id, r.Options[id]})
	}
	for _, x := range r.Expectations {
		v := Verdict(x)
		s.Expectations = append(s.Expectations, htmlExpectation{Verdict: v, Class: v, Text: expectation(x),
			Observed: num(x.Observed), Interval: num(x.CI95[0]) + " – " + num(x.CI95[1]), Note: strings.TrimPrefix(verdictNote(x), "; ")})
	}
	for _, name := range metricOrder(r) {
		f := r.Metrics[name]
		if p := f.Proportion; p != nil {
			s.Figures = append(s.Figures, htmlFigure{Name: name, Estimate: prob(p.P),
				Interval: prob(p.CI95[0]) + " – " + prob(p.CI95[1]), Few: p.FewEvents()})
		} else if d := f.Distribution; d != nil {
			q := d.Quantiles
			s.Figures = append(s.Figures, htmlFigure{Name: name, Estimate: "mean " + num(d.Mean),
				Interval: num(d.CI95[0]) + " – " + num(d.CI95[1]),
				Spread:   fmt.Sprintf("sd %s · p05 %d · p25 %d · p50 %d · p75 %d · p95 %d", num(d.SD), q["p05"], q["p25"], q["p50"], q["p75"], q["p95"])})
		} else if f.NA != "" {
			s.Figures = append(s.Figures, htmlFigure{Name: name, Estimate: "n/a", Spread: f.NA})
		}
	}
	for i := range s.Figures {
		s.Figures[i].Doc = r.Glossary[s.Figures[i].Name]
	}
	own := slices.DeleteFunc(slices.Clone(s.Figures), func(f htmlFigure) bool { return sim.IsStandard(f.Name) })
	s.Figures = slices.DeleteFunc(s.Figures, func(f htmlFigure) bool { return !sim.IsStandard(f.Name) })
	s.Own = own
	charts, err := Charts(r)
	if err != nil {
		return s, err
	}
	for _, c := range charts {
		svg, err := inlineSVG(c)
		if err != nil {
			return s, err
		}
		s.Plots = append(s.Plots, htmlPlot{Title: c.Title, SVG: template.HTML(svg)})
	}
	if len(r.Combatants) > 0 {
		order := r.Combatants[0].MetricOrder
		if len(order) == 0 {
			order = sortedNames(r.Combatants[0].Metrics)
		}
		s.CombatantHead = []htmlFigure{{Name: "combatant"}, {Name: "side"}}
		for _, m := range order {
			s.CombatantHead = append(s.CombatantHead, htmlFigure{Name: m, Doc: r.CombatantGlossary[m]})
		}
		for _, c := range r.Combatants {
			row := []string{c.Name, string(c.Side)}
			for _, m := range order {
				row = append(row, keepInterval(short(c.Metrics[m])))
			}
			s.Combatants = append(s.Combatants, row)
		}
	}
	if c := r.Baseline; c != nil {
		for _, ch := range c.Changes {
			if ch.Significant {
				s.Changed = append(s.Changed, ch)
			} else {
				s.Same = append(s.Same, ch)
			}
		}
	}
	return s, nil
}

func htmlSweep(sw *Sweep) (*htmlSweepSection, error) {
	metrics := DefaultSweepMetrics(sw)
	r0 := sw.Results[0]
	sec := &htmlSweepSection{Title: "Sweep: " + r0.Scenario.Name,
		Params: fmt.Sprintf("%s · %d variants, %d encounters each, seed %d for all (common random numbers)",
			paramList(sw), sw.Variants(), r0.Trials, r0.Seed), Glossary: sweepGlossary(sw)}
	for _, p := range sw.Params {
		sec.Head = append(sec.Head, p.Path)
	}
	for _, m := range metrics {
		sec.Head = append(sec.Head, metricHead(r0, m))
	}
	for k, r := range sw.Results {
		var row []string
		for _, a := range sw.Variant(k) {
			row = append(row, a.Value)
		}
		for _, m := range metrics {
			row = append(row, keepInterval(cell(r.Metrics[m])))
		}
		sec.Rows = append(sec.Rows, row)
	}
	charts, err := SweepCharts(sw, metrics)
	if err != nil {
		return nil, err
	}
	for _, c := range charts {
		svg, err := inlineSVG(c)
		if err != nil {
			return nil, err
		}
		sec.Plots = append(sec.Plots, htmlPlot{Title: c.Title, SVG: template.HTML(svg)})
	}
	return sec, nil
}

var (
	fontOnce sync.Once
	fontCSS  string
	fontErr  error
)

// fontFace returns the @font-face rule of the plots' font (Liberation
// Sans, SIL Open Font License), its TrueType data inline.
func fontFace() (string, error) {
	fontOnce.Do(func() {
		face := font.DefaultCache.Lookup(font.From(sans, 10), 10)
		if face.Face == nil {
			fontErr = fmt.Errorf("reports: the font %s %s is not available", sans.Typeface, sans.Variant)
			return
		}
		var raw bytes.Buffer
		if _, err := face.Face.WriteSourceTo(nil, &raw); err != nil {
			fontErr = fmt.Errorf("reports: reading the plots' font: %w", err)
			return
		}
		fontCSS = `@font-face{font-family:"Liberation Sans";font-style:normal;font-weight:normal;` +
			`src:url(data:font/ttf;base64,` + base64.StdEncoding.EncodeToString(raw.Bytes()) + `) format("truetype")}`
	})
	return fontCSS, fontErr
}

// htmlMark writes a verdict with a sign every font has (no emoji: a page
// printed or opened without an emoji font must still read).
func htmlMark(v string) string {
	switch v {
	case sim.VerdictPass:
		return "✓ pass"
	case sim.VerdictFail:
		return "✗ fail"
	}
	return "? undecided"
}

// keepInterval keeps an interval "[lo, hi]" on one line, so that a narrow
// table breaks a cell between the estimate and its interval only.
func keepInterval(cell string) string {
	return strings.NewReplacer(", ", ",\u00a0", "mean ", "mean\u00a0").Replace(cell)
}

// breakable escapes a metric's name for a table head, letting a narrow
// table break it after an underscore: "rounds_" "down".
func breakable(name string) template.HTML {
	return template.HTML(strings.ReplaceAll(html.EscapeString(name), "_", "_<wbr>"))
}

// htmlAttr escapes text for an attribute value.
func htmlAttr(s string) string { return html.EscapeString(s) }

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"mark": htmlMark,
	"num":  num,
	"sgn":  signed,
	"pv":   pValue,
	"yn":   yesNo,
	"cname": func(ch sim.Change) string {
		return changeName(ch)
	},
	"tname": testName,
	"wbr":   breakable,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="tpk {{.Version}}">
<title>{{.Title}}</title>
<style>
{{.Font}}
:root{color-scheme:light}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Liberation Sans",Arial,sans-serif;margin:0 auto;max-width:80rem;padding:1rem;line-height:1.45;color:#1b1b1b;background:#fff}
h1{font-size:1.6rem;margin:.2rem 0}
h2{font-size:1.3rem;margin:2rem 0 .5rem;padding-top:1rem;border-top:2px solid #d0d7de}
h3{font-size:1.05rem;margin:1.2rem 0 .4rem}
.meta{color:#57606a;font-size:.9rem;margin:.2rem 0}
.verdict{font-size:1.1rem;font-weight:600;margin:.4rem 0 .6rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
table{border-collapse:collapse;font-size:.88rem;margin:.3rem 0}
th,td{text-align:left;padding:.25rem .45rem;border-bottom:1px solid #e5e7ea;white-space:nowrap;vertical-align:top}
td.wrap{white-space:normal;min-width:14rem}td.ci{white-space:normal}
th{background:#f6f8fa;font-weight:600}
td.n{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:.8rem 0;break-inside:avoid}
figure svg{width:100%;max-width:48rem;height:auto;display:block}
figcaption{font-size:.82rem;color:#57606a}
.pass{color:#1a7f37}.fail{color:#cf222e}.undecided{color:#9a6700}
.box{padding:.5rem .8rem;margin:.5rem 0;border-left:4px solid}
.warn{background:#fff8c5;border-color:#d4a72c}.warn ul{margin:.2rem 0;padding-left:1.2rem}
.note{background:#ddf4ff;border-color:#54aeff}
.partial,.drift,.broken{background:#ffebe9;border-color:#cf222e}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .8rem;margin:.4rem 0;font-size:.9rem}
dt{color:#57606a}dd{margin:0;overflow-wrap:anywhere}
details summary{cursor:pointer;font-size:.9rem}
nav ul{padding-left:1.2rem;margin:.3rem 0}
code{font-size:.85em;background:#f6f8fa;padding:.05rem .25rem;border-radius:3px}
@media (max-width:640px){body{padding:.6rem}th,td{padding:.2rem .4rem}h1{font-size:1.35rem}}
@media print{body{max-width:none;padding:0;font-size:10pt}nav{display:none}section{break-before:page}section:first-of-type{break-before:auto}table,figure,.box{break-inside:avoid}.scroll{overflow:visible}th,td{white-space:normal}a{color:inherit;text-decoration:none}details>*{display:block}}
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<p class="meta">{{len .Sections}} scenario{{if ne (len .Sections) 1}}s{{end}}{{with .Tally}}{{if .Total}} · expectations: {{.Pass}} pass, {{.Fail}} fail, {{.Undecided}} undecided{{end}}{{end}} · every probability with its Wilson 95% interval, every count with its mean's 95% interval · made by tpk {{.Version}}</p>
</header>
{{if .Broken}}<div class="box broken"><strong>❌ {{len .Broken}} scenario{{if ne (len .Broken) 1}}s{{end}} could not be checked</strong><ul>{{range .Broken}}<li><code>{{.File}}</code>: {{.Err}}</li>{{end}}</ul></div>{{end}}
{{if .Drifts}}<div class="box drift"><strong>❌ {{len .Drifts}} figure{{if ne (len .Drifts) 1}}s{{end}} drifted from the baseline</strong> (significant after Holm's correction; the check fails with --fail-on-drift)<ul>{{range .Drifts}}<li>{{.}}</li>{{end}}</ul></div>{{end}}
{{if gt (len .Sections) 1}}<nav><ul>{{range .Sections}}<li><a href="#{{.ID}}">{{.Name}}{{if .Variant}} · {{.Variant}}{{end}}</a></li>{{end}}</ul></nav>{{end}}
{{range .Explains}}<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{if .Verdict}}<p class="verdict">{{.Verdict}}</p>{{end}}
{{range .Intro}}<p class="meta">{{.}}</p>{{end}}
{{if .Rows}}<div class="scroll"><table><thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr>{{range $i, $c := .}}<td{{if ne $i 1}} class="n"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</tbody></table></div>{{end}}
{{range .Notes}}<p>{{.}}</p>{{end}}
{{with .Plot}}<figure>{{.SVG}}<figcaption>{{.Title}}</figcaption></figure>{{end}}
</section>{{end}}
{{with .Sweep}}<section id="sweep">
<h2>{{.Title}}</h2>
<p class="meta">{{.Params}}</p>
{{range .Glossary}}<p class="meta">{{.}}</p>{{end}}
<div class="scroll"><table><thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr>{{range .}}<td class="n ci">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
{{range .Plots}}<figure>{{.SVG}}<figcaption>{{.Title}}</figcaption></figure>
{{end}}</section>{{end}}
{{range .Sections}}<section id="{{.ID}}">
<h2>{{.Name}}{{if .Variant}} · <code>{{.Variant}}</code>{{end}}</h2>
{{if .Verdict}}<p class="verdict">{{.Verdict}}</p>{{end}}
<p class="meta"><code>{{.System}}</code> · <code>{{.File}}</code> · {{.Trials}} encounters · seed {{.Seed}} · {{.Workers}} workers · {{.Elapsed}}</p>
{{if .Partial}}<div class="box partial">The run was interrupted: every figure covers only the encounters finished.</div>{{end}}
<dl><dt>strategies</dt><dd>{{.Strategies}}</dd><dt>options</dt><dd>{{.OptionsLine}}</dd>{{if .Variant}}<dt>variant</dt><dd><code>{{.Variant}}</code></dd>{{end}}</dl>
{{if .Options}}<details><summary>Every option ({{len .Options}})</summary><div class="scroll"><table><tbody>{{range .Options}}<tr><td><code>{{index . 0}}</code></td><td>{{index . 1}}</td></tr>{{end}}</tbody></table></div></details>{{end}}
{{if .Expectations}}<h3>Expectations</h3>
<div class="scroll"><table><thead><tr><th>verdict</th><th>expectation</th><th>observed</th><th>95% interval</th><th></th></tr></thead><tbody>
{{range .Expectations}}<tr><td class="{{.Class}}">{{mark .Verdict}}</td><td>{{.Text}}</td><td class="n">{{.Observed}}</td><td class="n">{{.Interval}}</td><td>{{.Note}}</td></tr>
{{end}}</tbody></table></div>{{end}}
{{if .Warnings}}<div class="box warn">{{if gt (len .Warnings) 3}}<details><summary>⚠️ {{len .Warnings}} warnings (figures resting on few events are marked ⚠️ below)</summary>{{end}}<ul>{{range .Warnings}}<li>{{.}}</li>{{end}}</ul>{{if gt (len .Warnings) 3}}</details>{{end}}</div>
{{end}}{{range .Notes}}<div class="box note">{{.}}</div>
{{end}}<h3>Figures</h3>
{{template "figures" .Figures}}
{{if .Own}}<details><summary>{{.System}}'s own figures ({{len .Own}})</summary>{{template "figures" .Own}}</details>{{end}}
{{if .Plots}}<h3>Plots</h3>
{{range .Plots}}<figure>{{.SVG}}<figcaption>{{.Title}}</figcaption></figure>
{{end}}{{end}}{{if .Combatants}}<h3>Combatants</h3>
<div class="scroll"><table><thead><tr>{{range .CombatantHead}}<th{{if .Doc}} title="{{.Doc}}"{{end}}>{{wbr .Name}}</th>{{end}}</tr></thead><tbody>
{{range .Combatants}}<tr>{{range $i, $c := .}}<td{{if gt $i 1}} class="n ci"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</tbody></table></div>{{end}}
{{with .Baseline}}<h3>Against the baseline</h3>
<p class="meta"><code>{{.File}}</code> · seed {{.Seed}} · {{.Trials}} encounters · two-sided tests at level {{.Level}}</p>
{{end}}{{if .Changed}}<div class="scroll"><table><thead><tr><th>changed</th><th>baseline</th><th>now</th><th>difference</th><th>95% interval</th><th>test</th><th>p</th><th>Holm</th></tr></thead><tbody>
{{range .Changed}}<tr><td>{{cname .}}</td><td class="n">{{num .Old}}</td><td class="n">{{num .New}}</td><td class="n">{{sgn .Diff}}</td><td class="n">{{sgn (index .CI95 0)}} – {{sgn (index .CI95 1)}}</td><td>{{tname .}} {{num .Stat}}</td><td class="n">{{pv .P}}</td><td>{{yn .Holm}}</td></tr>
{{end}}</tbody></table></div>{{else}}{{with .Baseline}}<p>No figure changed significantly.</p>{{end}}{{end}}
{{if .Same}}<p class="meta">Not changed significantly ({{len .Same}}): {{range $i, $c := .Same}}{{if $i}}, {{end}}{{cname $c}}{{end}}.</p>{{end}}
{{with .Baseline}}<p class="meta">{{.Note}}</p>{{end}}
</section>
{{end}}</body>
</html>
{{define "figures"}}<div class="scroll"><table><thead><tr><th>metric</th><th>estimate</th><th>95% interval</th><th>spread</th></tr></thead><tbody>
{{range .}}<tr><td{{if .Doc}} title="{{.Doc}}"{{end}}>{{.Name}}{{if .Few}} ⚠️{{end}}</td><td class="n">{{.Estimate}}</td><td class="n">{{.Interval}}</td><td class="wrap">{{.Spread}}</td></tr>
{{end}}</tbody></table></div>{{end}}`))
