package costbench

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// Point is one search's cost at configuration X (an index into the plot's
// configurations).
type Point struct {
	X int
	// Group: points of one series are joined by a line only within a
	// group (e.g. one line per R, against N).
	Group   int
	States  float64
	Seconds float64
	MiB     float64
	// Stopped: a bound stopped the search; the values are what it reached.
	Stopped bool
}

// Series is one algorithm's points (or SPIN's, drawn apart).
type Series struct {
	Name   string
	Points []Point
	Spin   bool
}

// LogScale maps values in [10^Lo, 10^Hi] to pixels, 10^Lo at From and
// 10^Hi at To (To < From for a y axis that grows upwards).
type LogScale struct {
	Lo, Hi   int // decades
	From, To float64
}

// NewLogScale covers the values vs (those > 0) with whole decades.
func NewLogScale(vs []float64, from, to float64) LogScale {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		if v > 0 {
			lo, hi = min(lo, math.Log10(v)), max(hi, math.Log10(v))
		}
	}
	if math.IsInf(lo, 1) {
		lo, hi = 0, 1
	}
	s := LogScale{Lo: int(math.Floor(lo)), Hi: int(math.Ceil(hi)), From: from, To: to}
	if s.Hi == s.Lo {
		s.Hi++
	}
	return s
}

// Map is v's pixel; values at or below 0 go to the bottom.
func (s LogScale) Map(v float64) float64 {
	if v <= 0 {
		return s.From
	}
	f := (math.Log10(v) - float64(s.Lo)) / float64(s.Hi-s.Lo)
	return s.From + f*(s.To-s.From)
}

// Decades are the tick values, one per power of ten from 10^Lo to 10^Hi.
func (s LogScale) Decades() []float64 {
	var d []float64
	for e := s.Lo; e <= s.Hi; e++ {
		d = append(d, math.Pow(10, float64(e)))
	}
	return d
}

// Count labels a decade of states: 1, 10, 100, 1k, 10k, 100k, 1M, ...
func Count(v float64) string {
	switch {
	case v >= 1e9:
		return trim(v/1e9) + "G"
	case v >= 1e6:
		return trim(v/1e6) + "M"
	case v >= 1e3:
		return trim(v/1e3) + "k"
	}
	return trim(v)
}

// Seconds labels a decade of seconds: 1 ms, 10 ms, 100 ms, 1 s, 10 s, ...
func Seconds(v float64) string {
	if v < 1 {
		return trim(v*1000) + " ms"
	}
	return trim(v) + " s"
}

// MiBLabel labels a decade of mebibytes (in MiB from 1 up: decades of
// MiB are not round numbers of GiB).
func MiBLabel(v float64) string {
	if v < 1 {
		return trim(v*1024) + " KiB"
	}
	return trim(v) + " MiB"
}

// trim writes a label's number without exponent or trailing zeros.
func trim(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

// palette: eight colours that stay apart on white (and for most colour
// vision), each used with two marker shapes for sixteen series.
var palette = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7f3c8d", "#666666"}

// Plot writes the cost picture: a panel each for states, time and memory
// (log scales) against the configurations xs, a line and markers per
// series, hollow markers for searches a bound stopped, and a legend.
func Plot(title, note string, xs []string, series []Series) []byte {
	const (
		width   = 760.0
		left    = 78.0
		right   = 16.0
		panelH  = 190.0
		plotH   = 140.0
		top     = 44.0
		legendR = 18.0
	)
	var b bytes.Buffer
	legendRows := (len(series) + 3) / 4
	height := top + 3*panelH + 24 + float64(legendRows)*legendR + 30
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#fff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%g" y="20" font-size="15" font-weight="bold">%s</text>`+"\n", left, esc(title))
	fmt.Fprintf(&b, `<text x="%g" y="36" fill="#444">%s</text>`+"\n", left, esc(note))
	plotW := width - left - right
	xAt := func(i int) float64 { return left + plotW*(float64(i)+0.5)/float64(len(xs)) }
	panels := []struct {
		name  string
		value func(Point) float64
		label func(float64) string
	}{
		{"states (log scale)", func(p Point) float64 { return p.States }, Count},
		{"time, wall clock (log scale)", func(p Point) float64 { return p.Seconds }, Seconds},
		{"memory, peak resident (log scale)", func(p Point) float64 { return p.MiB }, MiBLabel},
	}
	for k, pn := range panels {
		y0 := top + float64(k)*panelH + 22 // the plot area's top
		var vs []float64
		for _, s := range series {
			for _, p := range s.Points {
				vs = append(vs, pn.value(p))
			}
		}
		sc := NewLogScale(vs, y0+plotH, y0)
		fmt.Fprintf(&b, `<text x="%g" y="%g" font-weight="bold">%s</text>`+"\n", left, y0-8, esc(pn.name))
		for _, d := range sc.Decades() {
			y := sc.Map(d)
			fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#ddd"/>`+"\n", left, y, left+plotW, y)
			fmt.Fprintf(&b, `<text x="%g" y="%.1f" text-anchor="end" dominant-baseline="middle" fill="#333">%s</text>`+"\n", left-6, y, esc(pn.label(d)))
		}
		fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#888"/>`+"\n", left, y0, plotW, plotH)
		for i, x := range xs {
			fmt.Fprintf(&b, `<text x="%.1f" y="%g" text-anchor="middle" fill="#333">%s</text>`+"\n", xAt(i), y0+plotH+15, esc(x))
		}
		ci := 0
		for _, s := range series {
			color, shape := "#000", "diamond"
			if !s.Spin {
				color, shape = palette[ci%len(palette)], []string{"circle", "square"}[ci/len(palette)%2]
				ci++
			}
			dash := ""
			if s.Spin {
				dash = ` stroke-dasharray="5,3"`
			}
			for _, line := range lines(s.Points) {
				var pts []string
				for _, p := range line {
					pts = append(pts, fmt.Sprintf("%.1f,%.1f", xAt(p.X), sc.Map(pn.value(p))))
				}
				fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.3"%s/>`+"\n", strings.Join(pts, " "), color, dash)
			}
			for _, p := range s.Points {
				marker(&b, shape, color, xAt(p.X), sc.Map(pn.value(p)), p.Stopped)
			}
		}
	}
	// The legend: four columns.
	ly := top + 3*panelH + 20
	colW := plotW / 4
	ci := 0
	for i, s := range series {
		x, y := left+float64(i%4)*colW, ly+float64(i/4)*legendR
		color, shape := "#000", "diamond"
		if !s.Spin {
			color, shape = palette[ci%len(palette)], []string{"circle", "square"}[ci/len(palette)%2]
			ci++
		}
		fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="1.3"/>`+"\n", x, y, x+22, y, color)
		marker(&b, shape, color, x+11, y, false)
		fmt.Fprintf(&b, `<text x="%g" y="%g" dominant-baseline="middle">%s</text>`+"\n", x+28, y, esc(s.Name))
	}
	fy := ly + float64(legendRows)*legendR + 8
	marker(&b, "circle", "#333", left+11, fy, true)
	fmt.Fprintf(&b, `<text x="%g" y="%g" dominant-baseline="middle" fill="#333">hollow: a bound stopped the search (what it had reached); a missing point: not run, a smaller size already stopped</text>`+"\n", left+28, fy)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// lines cuts points into the runs of two or more consecutive points of
// one group.
func lines(ps []Point) [][]Point {
	var out [][]Point
	for i := 0; i < len(ps); {
		k := i + 1
		for k < len(ps) && ps[k].Group == ps[i].Group {
			k++
		}
		if k-i > 1 {
			out = append(out, ps[i:k])
		}
		i = k
	}
	return out
}

// marker draws a marker of shape at (x, y), hollow if the point stopped.
func marker(b *bytes.Buffer, shape, color string, x, y float64, hollow bool) {
	fill := color
	if hollow {
		fill = "#fff"
	}
	switch shape {
	case "square":
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="7" height="7" fill="%s" stroke="%s" stroke-width="1.3"/>`+"\n", x-3.5, y-3.5, fill, color)
	case "diamond":
		// SPIN's points
		fmt.Fprintf(b, `<path d="M%.1f %.1fl5 5l-5 5l-5-5z" fill="%s" stroke="%s" stroke-width="1.3"/>`+"\n", x, y-5, fill, color)
	default:
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3.8" fill="%s" stroke="%s" stroke-width="1.3"/>`+"\n", x, y, fill, color)
	}
}

func esc(s string) string { return html.EscapeString(s) }
