// Package serve is dmelab's local server: the playground and a grading API
// in one process, with submissions kept in an embedded SQLite database so
// that nothing accepted is lost when the server crashes or restarts.
//
// A submission is written to the database before the client hears its id
// (202 Accepted), and graded by a bounded pool of workers that take jobs
// from the database itself, so the queue survives a restart. A job taken
// by a worker holds a lease; a job whose process died (found "running" at
// startup) or whose lease ran out is taken again. The result is written in
// the same transaction that ends the job, guarded by the lease, and the
// results table allows one row per submission: a submission is graded
// exactly once however often its grading was interrupted.
//
// The API answers in JSON, errors included ({"error": "..."}), and never
// shows a stack trace. Hidden material (hidden schedules, reference
// solutions, mutants) is never read into anything the handler serves: the
// exercise catalogue keeps only the statement, the starter and the public
// schedules, and results lose the staff-only parts of hidden tests unless
// the server runs with Staff set and the request carries the staff token.
//
// Each accepted submission and each result is checkpointed into the
// database file before the client hears of it, and counted in a record
// beside it (record.go): a WAL lost or damaged in a crash loses nothing,
// and a database found holding less than the record is refused at start.
package serve
