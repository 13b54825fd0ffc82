// An idle holder enters at once without queueing itself (its queue is always empty then); the procedures are free functions on the variables.
package tree

import rs "dmelab/algorithms/raymondsteps"

type Node struct{ *rs.Vars }

func (n Node) Enter() {
	if n.Holder == n.MyID() && len(n.Queue) == 0 {
		n.State = rs.Held
		n.Asked = false
		return
	}
	n.State = rs.Wanted
	n.Queue = append(n.Queue, n.MyID())
	finish(n.Vars)
}

func (n Node) Exit() {
	n.State = rs.Released
	finish(n.Vars)
}

func (n Node) OnRequest(from int) {
	n.Queue = append(n.Queue, from)
	finish(n.Vars)
}

func (n Node) OnPrivilege() {
	n.Holder = n.MyID()
	finish(n.Vars)
}

func finish(v *rs.Vars) {
	assign(v)
	ask(v)
}

func assign(v *rs.Vars) {
	holds := v.Holder == v.MyID()
	if !holds || v.State == rs.Held || len(v.Queue) == 0 {
		return
	}
	first := v.Queue[0]
	v.Queue = append([]int(nil), v.Queue[1:]...)
	v.Asked = false
	v.Holder = first
	switch first {
	case v.MyID():
		v.State = rs.Held
	default:
		v.SendPrivilege(first)
	}
}

func ask(v *rs.Vars) {
	if v.Holder != v.MyID() && len(v.Queue) > 0 && !v.Asked {
		v.SendRequest(v.Holder)
		v.Asked = true
	}
}
