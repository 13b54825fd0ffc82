package listing

import (
	"fmt"
	"strconv"
	"strings"

	"dmelab/algorithms/diag"
	"dmelab/algorithms/maekawa"
	"dmelab/algorithms/sim"
)

// Algorithm parses and compiles a listing into the simulator's descriptor
// of the algorithm it describes. The error is an ErrorList.
func Algorithm(src string) (*sim.Algorithm, error) { return Load("", src) }

// Load is Algorithm with the file's name in every error.
func Load(file, src string) (*sim.Algorithm, error) {
	f, err := Parse(src)
	if err == nil {
		var errs ErrorList
		p := compile(f, &errs)
		if err = errs.Err(); err == nil {
			return p.algorithm(src), nil
		}
	}
	for _, e := range err.(ErrorList) {
		e.File = file
	}
	return nil, err
}

func (p *program) algorithm(src string) *sim.Algorithm {
	p.lines = lines(src, p)
	kinds := make([]string, len(p.msgs))
	for i, m := range p.msgs {
		kinds[i] = m.Name
	}
	return &sim.Algorithm{
		Name:     p.name,
		Summary:  "written as a listing",
		Shows:    sim.Bounds{Nodes: 2, Requests: 2},
		MsgKinds: kinds,
		Listing:  p.lines,
		Clocks:   p.clocks,
		FIFO:     p.fifo,
		Election: p.start != nil,
		Chooses:  p.choose,

		TickedClocks: p.ticked,
		Servers:      p.servers,
		New:          func(cfg sim.Config) ([]sim.Node, error) { return p.nodes(cfg) },
		FormatMsg: func(m sim.Msg) string {
			if int(m.Kind) >= len(p.msgs) {
				return fmt.Sprintf("kind%d", m.Kind)
			}
			d := p.msgs[m.Kind]
			vals := []int32{m.A, m.B}[:len(d.Fields)]
			if len(vals) == 0 {
				return d.Name
			}
			parts := make([]string, len(vals))
			for i, v := range vals {
				parts[i] = strconv.Itoa(int(v))
			}
			return d.Name + "(" + strings.Join(parts, ",") + ")"
		},
	}
}

func (p *program) nodes(cfg sim.Config) ([]sim.Node, error) {
	if cfg.N < 1 || cfg.N > 32 {
		return nil, fmt.Errorf("%s: %d nodes (1..32)", p.name, cfg.N)
	}
	if cfg.N <= p.servers {
		return nil, fmt.Errorf("%s: %d nodes, but the first %d only serve: it needs at least %d", p.name, cfg.N, p.servers, p.servers+1)
	}
	k := 0
	if p.choose {
		var err error
		if k, err = cfg.ChooseRange(); err != nil {
			return nil, fmt.Errorf("%s: %v", p.name, err)
		}
	}
	var sets [][]int
	if p.votes {
		var err error
		if sets, err = maekawa.Sets(cfg); err != nil {
			return nil, fmt.Errorf("%s: %v", p.name, err)
		}
	}
	out := make([]sim.Node, cfg.N)
	for i := range out {
		var vset int64
		if sets != nil {
			for _, j := range sets[i] {
				vset |= 1 << j
			}
		}
		out[i] = newNode(p, i, cfg.N, k, vset)
	}
	return out, nil
}

// lines ties every line of the listing to what runs it, for the
// playground's pseudocode panel (sim.Line): a step's lines carry its
// number; a loop or if header that is not a step of its own carries the
// number of the first step in its block; NCS runs at enter(), CS at
// exit(), a receive and a handler's lines at their message's delivery.
func lines(src string, p *program) []sim.Line {
	text := diag.Lines(src) // the scanner's lines, so that numbers agree
	for len(text) > 1 && text[len(text)-1] == "" {
		text = text[:len(text)-1]
	}
	out := make([]sim.Line, len(text))
	for i, t := range text {
		out[i].Text = t
	}
	set := func(line int, label, on string) {
		if line >= 1 && line <= len(out) && out[line-1].Label == "" && out[line-1].On == "" {
			out[line-1].Label, out[line-1].On = label, on
		}
	}
	for _, h := range append(append([]*handler{p.enter, p.exit, p.start}, p.handlers...), p.whens...) {
		if h == nil {
			continue
		}
		for l := h.line; l <= h.end; l++ {
			set(l, "", h.on)
		}
	}
	for _, pr := range p.procs {
		for i, in := range pr.code {
			switch {
			case in.kind == iNCS:
				set(in.line, in.label, "enter")
			case in.kind == iCS:
				set(in.line, in.label, "exit")
			case in.kind == iReceive:
				set(in.line, in.label, "receive "+p.msgs[in.kind_].Name)
			case in.rest:
				set(in.line, in.label, "")
			case in.kind == iForNext || in.kind == iBranch:
				for j := i + 1; j < len(pr.code); j++ {
					if r := pr.code[j]; r.rest || r.kind == iNCS || r.kind == iCS || r.kind == iReceive {
						set(in.line, r.label, "")
						break
					}
				}
			}
		}
	}
	return out
}
