// Early returns everywhere: OnRequest handles its own request first and returns, then refuses and returns, and only then passes the request on; Enter reuses Retry.
package ring

import "dmelab/algorithms/permringsteps"

type Node struct{ *permringsteps.Vars }

func (n Node) Enter() {
	if n.N() == 1 {
		n.State = permringsteps.Held
		return
	}
	n.Retry()
}

func (n Node) OnRequest(owner int) {
	if owner == n.MyID() {
		if n.State != permringsteps.Trying {
			return
		}
		n.State = permringsteps.Held
		return
	}
	if n.State == permringsteps.Trying || n.State == permringsteps.Held {
		n.SendRefuse(owner)
		return
	}
	n.SendRequest((n.MyID()+1)%n.N(), owner)
}

func (n Node) OnRefuse() {
	if n.State != permringsteps.Trying {
		return
	}
	n.State = permringsteps.Refused
}

func (n Node) Retry() {
	n.State = permringsteps.Trying
	n.SendRequest((n.MyID()+1)%n.N(), n.MyID())
}

func (n Node) Leave() {
	n.State = permringsteps.Released
}
