package serve

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two clients that happen to send the same Idempotency-Key each get their
// own submission, graded from their own source; neither can reach the
// other's through the key.
func TestIdempotencyKeySharedByTwoClients(t *testing.T) {
	g := newRecorder()
	o := testOptions(t, g)
	o.ClientHeader = "X-Forwarded-For"
	e := start(t, o)
	post := func(client, file string) (int, View, string) {
		code, body, _ := e.do("POST", "/api/submissions", "application/json",
			submission("ra", file, "package ra // "+file+"\n"), "X-Forwarded-For", client, "Idempotency-Key", "same-key-0001")
		var v View
		if code == http.StatusAccepted {
			require.NoError(t, json.Unmarshal(body, &v))
			return code, v, ""
		}
		return code, v, errorBody(t, body)
	}

	code, alice, _ := post("10.0.0.1", "alice.go")
	require.Equal(t, http.StatusAccepted, code)
	code, retry, _ := post("10.0.0.1", "alice.go")
	require.Equal(t, http.StatusAccepted, code)
	assert.Equal(t, alice.ID, retry.ID, "same client, same key, same body: a retry")

	code, bob, _ := post("10.0.0.2", "bob.go")
	require.Equal(t, http.StatusAccepted, code)
	assert.NotEqual(t, alice.ID, bob.ID, "another client's key is another key")
	code, bobSame, _ := post("10.0.0.2", "alice.go")
	require.Equal(t, http.StatusUnprocessableEntity, code, "bob's key now names bob's submission")
	assert.Empty(t, bobSame.ID)

	code, _, msg := post("10.0.0.1", "other.go")
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, msg, "already used for another submission")

	// A third client sending exactly alice's body under her key gets a
	// submission of its own too.
	code, carol, _ := post("10.0.0.3", "alice.go")
	require.Equal(t, http.StatusAccepted, code)
	assert.NotEqual(t, alice.ID, carol.ID)

	for id, file := range map[string]string{alice.ID: "alice.go", bob.ID: "bob.go", carol.ID: "alice.go"} {
		v := e.await(id)
		require.Equal(t, Done, v.Status)
		assert.Equal(t, file, v.Result.File)
	}
	assert.Equal(t, 1, g.count("bob.go"), "bob's submission was not dropped")
	assert.Equal(t, 2, g.count("alice.go"), "alice's and carol's, once each")
	counts, results, err := e.srv.Store().Census(t.Context())
	require.NoError(t, err)
	assert.Equal(t, map[string]int{Done: 3}, counts)
	assert.Equal(t, 3, results)
}

// schemaV1 is the schema before keys were scoped to their clients.
const schemaV1 = `
CREATE TABLE submissions (
	seq         INTEGER PRIMARY KEY AUTOINCREMENT,
	id          TEXT    NOT NULL UNIQUE,
	idem        TEXT    UNIQUE,
	exercise    TEXT    NOT NULL,
	file        TEXT    NOT NULL,
	source      BLOB    NOT NULL,
	client      TEXT    NOT NULL,
	status      TEXT    NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
	attempts    INTEGER NOT NULL DEFAULT 0,
	lease       TEXT    NOT NULL DEFAULT '',
	lease_until INTEGER NOT NULL DEFAULT 0,
	created     INTEGER NOT NULL,
	started     INTEGER NOT NULL DEFAULT 0,
	finished    INTEGER NOT NULL DEFAULT 0,
	error       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX submissions_status ON submissions (status, seq);
CREATE TABLE results (
	submission TEXT    PRIMARY KEY REFERENCES submissions (id),
	result     TEXT    NOT NULL,
	written    INTEGER NOT NULL
);
PRAGMA user_version = 1;
`

// openMigrated opens the store in dir, which migrates it, and checks
// that it is at this dmelab's schema version.
func openMigrated(t *testing.T, dir string) *Store {
	t.Helper()
	st, err := OpenStore(dir)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	var v int
	require.NoError(t, st.r.QueryRow(`PRAGMA user_version`).Scan(&v))
	assert.Equal(t, schemaVersion, v)
	return st
}

// A database of schema version 1 (keys stored as sent) is migrated: its
// keys become scoped to their clients, a retry still finds its
// submission, and another client's same key no longer does.
func TestMigrationScopesOldKeys(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, DBFile))
	require.NoError(t, err)
	_, err = db.Exec(schemaV1)
	require.NoError(t, err)
	oldID, plainID := NewID(), NewID()
	_, err = db.Exec(`INSERT INTO submissions (id, idem, exercise, file, source, client, status, created)
		VALUES (?, 'old-key-0001', 'ra', 'a.go', 'package ra', '10.0.0.1', 'queued', 1), (?, NULL, 'ra', 'b.go', 'package ra', '10.0.0.1', 'queued', 2)`, oldID, plainID)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	st := openMigrated(t, dir)
	var idem string
	require.NoError(t, st.r.QueryRow(`SELECT idem FROM submissions WHERE id = ?`, oldID).Scan(&idem))
	assert.Equal(t, IdemScope("10.0.0.1", "old-key-0001"), idem, "the key is no longer kept as sent")

	ctx, now := t.Context(), time.Now()
	sub := Submission{ID: NewID(), Idem: "old-key-0001", Exercise: "ra", File: "a.go", Source: []byte("package ra"), Client: "10.0.0.1"}
	id, existed, err := st.Add(ctx, sub, now)
	require.NoError(t, err)
	assert.True(t, existed)
	assert.Equal(t, oldID, id, "a retry after the upgrade finds the submission")
	sub.ID, sub.Client = NewID(), "10.0.0.2"
	id, existed, err = st.Add(ctx, sub, now)
	require.NoError(t, err)
	assert.False(t, existed)
	assert.Equal(t, sub.ID, id)
	sub.ID, sub.Client, sub.Source = NewID(), "10.0.0.1", []byte("package ra // changed")
	_, _, err = st.Add(ctx, sub, now)
	assert.ErrorIs(t, err, ErrIdemReused)

	// A database from a newer dmelab is refused.
	_, err = st.w.Exec(`PRAGMA user_version = 99`)
	require.NoError(t, err)
	st.Close()
	_, err = OpenStore(dir)
	assert.ErrorContains(t, err, "newer")
}
