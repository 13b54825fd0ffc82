package report

import "strings"

// A node's variables come as one line, "main=P5 myNum=1 deferred=[N1 N2]"
// (sim.World.NodeString). Step tables show only what a step changed, so
// the eye goes to the change; splitVars reads the line back into pairs.

type kv struct{ name, value string }

// splitVars splits a variables line at the spaces that start a new
// "name=" pair; a value may itself contain spaces ("[N1 N2]"). A line that
// does not read as pairs is one pair with an empty name.
func splitVars(s string) []kv {
	s = oneLine(s)
	if s == "" {
		return nil
	}
	var out []kv
	for _, f := range strings.Split(s, " ") {
		name, value, ok := strings.Cut(f, "=")
		if ok && isName(name) {
			out = append(out, kv{name, value})
			continue
		}
		if len(out) == 0 {
			out = append(out, kv{"", f})
			continue
		}
		out[len(out)-1].value += " " + f
	}
	return out
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

func joinVars(kvs []kv) string {
	parts := make([]string, len(kvs))
	for i, p := range kvs {
		if p.name == "" {
			parts[i] = p.value
		} else {
			parts[i] = p.name + "=" + p.value
		}
	}
	return strings.Join(parts, " ")
}

// changed returns the pairs of after that differ from before (new names
// included). If the two lines do not pair up (a name that appears twice,
// or a line that is not pairs), it returns the whole of after when the
// lines differ.
func changed(before, after string) string {
	if before == after {
		return "" // most nodes at most steps: one node takes a step
	}
	b, a := splitVars(before), splitVars(after)
	old := map[string]string{}
	for _, p := range b {
		if _, dup := old[p.name]; dup || p.name == "" {
			return whole(before, after)
		}
		old[p.name] = p.value
	}
	var out []kv
	seen := map[string]bool{}
	for _, p := range a {
		if seen[p.name] || p.name == "" {
			return whole(before, after)
		}
		seen[p.name] = true
		if v, ok := old[p.name]; !ok || v != p.value {
			out = append(out, p)
		}
	}
	return joinVars(out)
}

func whole(before, after string) string {
	if oneLine(before) == oneLine(after) {
		return ""
	}
	return oneLine(after)
}
