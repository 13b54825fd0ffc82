package explore

// OneByOne is c expanding one state at a time, never ahead (see ahead).
func OneByOne(c Config) Config {
	c.oneByOne = true
	return c
}
