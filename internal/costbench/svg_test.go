package costbench

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLogScale(t *testing.T) {
	s := NewLogScale([]float64{0, 16, 600554, 31835008}, 200, 0)
	assert.Equal(t, LogScale{Lo: 1, Hi: 8, From: 200, To: 0}, s)
	assert.InDelta(t, 200, s.Map(10), 1e-9)
	assert.InDelta(t, 0, s.Map(1e8), 1e-9)
	assert.InDelta(t, 100, s.Map(math.Pow(10, 4.5)), 1e-9)
	assert.Equal(t, 200.0, s.Map(0), "nothing at or below 0 leaves the plot")
	assert.Len(t, s.Decades(), 8)

	one := NewLogScale([]float64{100}, 10, 0)
	assert.Equal(t, 2, one.Lo)
	assert.Equal(t, 3, one.Hi, "a single decade still has a height")
	none := NewLogScale(nil, 10, 0)
	assert.Equal(t, LogScale{Lo: 0, Hi: 1, From: 10, To: 0}, none)
}

func TestLabels(t *testing.T) {
	assert.Equal(t, []string{"1", "10", "1k", "100k", "1M", "10G"},
		[]string{Count(1), Count(10), Count(1000), Count(1e5), Count(1e6), Count(1e10)})
	assert.Equal(t, []string{"1 ms", "100 ms", "1 s", "100 s"},
		[]string{Seconds(0.001), Seconds(0.1), Seconds(1), Seconds(100)})
	assert.Equal(t, []string{"100 KiB", "10 MiB", "1000 MiB", "10000 MiB"},
		[]string{MiBLabel(100.0 / 1024), MiBLabel(10), MiBLabel(1000), MiBLabel(10000)})
}

// The picture is well-formed XML, escapes names, and draws stopped points
// hollow.
func TestPlotIsXML(t *testing.T) {
	svg := Plot("cost <of> search", "note & more", []string{"N=2 R=1", "N=3 R=1"}, []Series{
		{Name: "a&b", Points: []Point{{X: 0, States: 10, Seconds: 0.01, MiB: 8}, {X: 1, States: 1e6, Seconds: 3, MiB: 300, Stopped: true}}},
		{Name: "SPIN", Spin: true, Points: []Point{{X: 1, States: 2e6, Seconds: 4, MiB: 400}}},
	})
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	assert.Contains(t, string(svg), "a&amp;b")
	assert.Contains(t, string(svg), "cost &lt;of&gt; search")
	assert.Contains(t, string(svg), `fill="#fff" stroke="#0072b2"`, "the stopped point is hollow")
}

func TestLines(t *testing.T) {
	ps := []Point{{X: 0}, {X: 1}, {X: 2}, {X: 3, Group: 1}, {X: 5, Group: 2}, {X: 6, Group: 2}}
	assert.Equal(t, [][]Point{ps[0:3], ps[4:6]}, lines(ps), "a lone point of group 1 has no line")
	assert.Empty(t, lines(nil))
}
