package ricart

import (
	"strconv"
	"strings"

	"dmelab/algorithms/sim"
)

// Clone deep-copies the node; the Variant is immutable and stays shared.
func (n *node) Clone() sim.Node {
	c := *n
	c.deferred = append([]int(nil), n.deferred...)
	return &c
}

// CopyFrom implements sim.Copier: Clone without allocating.
func (n *node) CopyFrom(o sim.Node) {
	from := o.(*node)
	d := n.deferred[:0]
	*n = *from
	n.deferred = append(d, from.deferred...)
}

// Encode writes every variable that can change. The receive process's
// locals are reset at P10 and main's loop variable outside its loops, so
// equal behaviour means equal bytes. highestNum and requestCS are written
// only by the variants that have them.
func (n *node) Encode(e *sim.Enc) {
	e.Int(int(n.main))
	e.Int(n.loop)
	e.Int(n.replies)
	e.Int(int(n.recv))
	e.Int(n.source)
	e.Int(n.requestedNum)
	e.Int(n.myNum)
	if n.v.Highest {
		e.Int(n.highestNum)
	}
	if n.v.Flag != NoFlag {
		e.Bool(n.requestCS)
	}
	e.Ints(n.deferred)
}

// Decode reads what Encode wrote.
func (n *node) Decode(d *sim.Dec) {
	n.main = pc(d.Int())
	n.loop = d.Int()
	n.replies = d.Int()
	n.recv = pc(d.Int())
	n.source = d.Int()
	n.requestedNum = d.Int()
	n.myNum = d.Int()
	if n.v.Highest {
		n.highestNum = d.Int()
	}
	if n.v.Flag != NoFlag {
		n.requestCS = d.Bool()
	}
	n.deferred = d.IntsInto(n.deferred)
}

// Vars shows the node as the playground does: each process's current step
// and locals, then the shared variables.
func (n *node) Vars() []sim.Var {
	v := []sim.Var{
		{Name: "main", Value: n.main.String()},
		{Name: "N", Value: nodeOrDash(n.loop)},
		{Name: "recv", Value: n.recv.String()},
		{Name: "source", Value: nodeOrDash(n.source)},
		{Name: "requestedNum", Value: "-"},
		{Name: "myNum", Value: strconv.Itoa(n.myNum)},
	}
	if n.recv != p10 {
		v[4].Value = strconv.Itoa(n.requestedNum)
	}
	if n.v.Highest {
		v = append(v, sim.Var{Name: "highestNum", Value: strconv.Itoa(n.highestNum)})
	}
	if n.v.Flag != NoFlag {
		v = append(v, sim.Var{Name: "requestCS", Value: strconv.FormatBool(n.requestCS)})
	}
	d := make([]string, len(n.deferred))
	for i, x := range n.deferred {
		d[i] = name(x)
	}
	return append(v,
		sim.Var{Name: "deferred", Value: "[" + strings.Join(d, " ") + "]"},
		sim.Var{Name: "replies", Value: strconv.Itoa(n.replies)},
	)
}

func nodeOrDash(i int) string {
	if i < 0 {
		return "-"
	}
	return name(i)
}
