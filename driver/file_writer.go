package driver

import (
	"bytes"
	"cmp"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// fileWriter streams the rows of one statement or transaction into one new
// file of a table (docs/design.md section 7). Rows are buffered up to a row
// group, which ends at Config.RowGroupRows rows or Config.RowGroupBytes
// bytes; the first row group decides how each VARIANT column is shredded;
// then every row group is written (shredded and encoded on other goroutines
// while the next rows are buffered) and dropped, so memory stays bounded by
// three row groups whatever the number of rows. Every column is written in
// pages of pageLimits. The file is written under a
// name starting with '_', which readers do not see; commit makes it visible
// with an atomic rename, abort removes it.
type fileWriter struct {
	table string // the table's name
	dir   string // the table's directory
	// witness is a file the table had when the writer began (empty for a
	// table being created): tables only gain files until DROP TABLE
	// removes them all, so while it exists the table is the same one.
	witness string
	cfg     *Config
	cols    []tableColumn
	prev    []*shred.Schema // the table's current shredding of each column, if any
	total   int64
	// lastRows is the row count of the last row group handed on, which
	// the next row buffer makes room for.
	lastRows int

	// Buffered rows live in buf, column by column, and the bytes they hold
	// in arena, allocated in chunks, so that a row costs no allocation of
	// its own; both are reused once the rows in them are written.
	buf        *rowBuffer   // nil until a row is added after a flush
	freeBufs   []*rowBuffer // buffers to reuse
	row        []value      // newRow's row
	arena      []byte
	usedArenas [][]byte
	freeArenas [][]byte
	behind     []*rowGroup // the row groups in flight, oldest first
	sets       [2]*encoded // what the row groups in flight are encoded into
	nextSet    int

	spare *spareBuffers // buffers of an earlier writer, until open takes them

	// opened is closed when open has run (on the goroutine of the first
	// row group, or in flush), with openErr set before; nil until open
	// starts. What open sets below is read only after opened is closed.
	opened  chan struct{}
	openErr error
	tmp     string // the file being written, under a '_' name
	final   string // its published name, once publish renamed it
	gone    bool   // the transaction dropped or created its table again
	f       *os.File
	w       *parquet.Writer
	leaf    []int           // leaf column index of each plain column
	layouts []*shred.Layout // of each VARIANT column
	indexes [][]int
	chunks  []chunkWrite       // scratch of emit
	scratch [2][]parquet.Value // of each goroutine of emit
}

// spareBuffers are the buffers of a finished fileWriter, which the next one
// takes over so that a transaction does not grow its buffers from nothing.
type spareBuffers struct {
	bufs    []*rowBuffer
	arenas  [][]byte
	batches []*shred.Batch
	fits    *shred.Batch // the scratch of shred.FitsReusing
}

var spares sync.Pool // of *spareBuffers

// release puts the writer's free buffers in spares; the writer must have no
// row group in flight and is not used again.
func (fw *fileWriter) release() {
	s := &spareBuffers{bufs: fw.freeBufs, arenas: fw.freeArenas, fits: fw.spare.fits}
	for _, e := range fw.sets {
		if e == nil {
			continue
		}
		for _, half := range e.batches {
			for _, b := range half {
				if b != nil {
					s.batches = append(s.batches, b)
				}
			}
		}
	}
	fw.freeBufs, fw.freeArenas, fw.sets = nil, nil, [2]*encoded{}
	spares.Put(s)
}

// newFileWriter prepares a writer for a table with the given columns;
// nothing is written until the first row group is full or commit.
func newFileWriter(table, dir string, cfg *Config, cols []tableColumn, prev []*shred.Schema) *fileWriter {
	fw := &fileWriter{table: table, dir: dir, cfg: cfg, cols: cols, prev: prev}
	spare, _ := spares.Get().(*spareBuffers)
	if spare == nil {
		spare = &spareBuffers{}
	}
	fw.freeBufs, fw.freeArenas, fw.spare = spare.bufs, spare.arenas, spare
	return fw
}

// arenaBytes is the size of the chunks the bytes of buffered rows are kept
// in.
const arenaBytes = 256 << 10

// newRow returns a row to fill and hand to add, valid until then. It may
// hold the values of an earlier row: the caller sets every column (clear
// makes them NULL).
func (fw *fileWriter) newRow() []value {
	if len(fw.row) != len(fw.cols) {
		fw.row = make([]value, len(fw.cols))
	}
	return fw.row
}

// add buffers one row, whose values already have the columns' types (see
// coerce), converted to the form it is written from (see rowBuffer), and
// writes a row group when the buffer is full. The bytes the values point
// to are copied. A value the column cannot store is an error, and the row
// is not added.
func (fw *fileWriter) add(row []value) error {
	rb := fw.buffer()
	if err := fw.appendRow(rb, row); err != nil {
		return err
	}
	if rb.n >= fw.cfg.RowGroupRows || rb.bytes >= fw.cfg.RowGroupBytes {
		return fw.flushBehind()
	}
	return nil
}

// reserve returns n bytes of the arena.
func (fw *fileWriter) reserve(n int) []byte {
	if cap(fw.arena)-len(fw.arena) < n {
		if k := len(fw.freeArenas); k > 0 && n <= arenaBytes {
			fw.arena, fw.freeArenas = fw.freeArenas[k-1], fw.freeArenas[:k-1]
		} else {
			fw.arena = make([]byte, 0, max(arenaBytes, n))
		}
		fw.usedArenas = append(fw.usedArenas, fw.arena)
	}
	i := len(fw.arena)
	fw.arena = fw.arena[:i+n]
	return fw.arena[i : i+n : i+n]
}

// copyBytes copies b into the arena.
func (fw *fileWriter) copyBytes(b []byte) []byte {
	out := fw.reserve(len(b))
	copy(out, b)
	return out
}

// copyMetadata copies a metadata dictionary into the arena.
func (fw *fileWriter) copyMetadata(m variant.Metadata) variant.Metadata {
	return variant.View(m, nil).CopyTo(fw.reserve(len(m.Bytes()))).Metadata()
}

// startOpen makes the encoded sets and marks open as begun; open itself
// runs later, on the first row group's goroutine or in flush.
func (fw *fileWriter) startOpen() {
	fw.opened = make(chan struct{})
	for k := range fw.sets {
		e := &encoded{values: make([][]parquet.Value, len(fw.cols)), shared: make([]*variant.Metadata, len(fw.cols))}
		for h := range e.batches {
			e.batches[h] = make([]*shred.Batch, len(fw.cols))
		}
		fw.sets[k] = e
	}
}

// openWith runs open on rb, the first row group, records its error and
// closes opened.
func (fw *fileWriter) openWith(rb *rowBuffer) error {
	fw.openErr = fw.open(rb)
	close(fw.opened)
	return fw.openErr
}

// open chooses the shredding of the VARIANT columns from rb, the first
// row group, and creates the file. It reads fw.cols but does not change
// them, since rows are buffered meanwhile.
func (fw *fileWriter) open(rb *rowBuffer) error {
	cols := slices.Clone(fw.cols)
	for i := range cols {
		c := &cols[i]
		if c.typ.name != "VARIANT" {
			continue
		}
		s, err := fw.chooseShredding(rb, i)
		if err != nil {
			return err
		}
		c.shred = s
	}
	schema, err := tableSchema(cols)
	if err != nil {
		return err
	}
	fw.tmp = filepath.Join(fw.dir, "_pv-"+randomHex(8)+".parquet.tmp")
	f, err := os.OpenFile(fw.tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		return fw.droppedError(err)
	}
	if err != nil {
		return fmt.Errorf("parquetvariant: writing table %s: %w", quoteIdent(fw.table), err)
	}
	fw.f = f
	lockWriting(f)
	// Every leaf gets column chunk statistics and the column and offset
	// index (docs/design.md section 7); the min and max of each page are
	// in the column index, so the page headers do not repeat them. Pages
	// are ended by the page writers of writeChunks (the column writers'
	// own buffers are larger), and a dictionary that outgrows
	// maxDictionaryBytes gives way to plain pages.
	fw.w = parquet.NewWriter(f, schema, parquet.Compression(codec(fw.cfg.Compression)), parquet.DataPageStatistics(false),
		parquet.PageBufferSize(2*pageLimits.Bytes), parquet.DictionaryMaxBytes(maxDictionaryBytes))
	fw.leaf = make([]int, len(fw.cols))
	fw.layouts = make([]*shred.Layout, len(fw.cols))
	fw.indexes = make([][]int, len(fw.cols))
	spare := fw.spare
	for i := range cols {
		c := &cols[i]
		if c.typ.name != "VARIANT" {
			lc, ok := schema.Lookup(c.name)
			if !ok {
				return fmt.Errorf("parquetvariant: column %s missing from the written schema", quoteIdent(c.name))
			}
			fw.leaf[i] = lc.ColumnIndex
			continue
		}
		l, err := shred.NewLayout(c.shred, c.typ.nullable)
		if err != nil {
			return fmt.Errorf("parquetvariant: column %s: %w", quoteIdent(c.name), err)
		}
		idx, err := l.ColumnIndexes(schema, c.name)
		if err != nil {
			return fmt.Errorf("parquetvariant: column %s: %w", quoteIdent(c.name), err)
		}
		fw.layouts[i], fw.indexes[i] = l, idx
		for _, e := range fw.sets {
			for h := range e.batches {
				var old *shred.Batch
				if k := len(spare.batches); k > 0 {
					old, spare.batches = spare.batches[k-1], spare.batches[:k-1]
				}
				e.batches[h][i] = l.NewBatchFrom(old)
			}
		}
	}
	return nil
}

// shredSampleRows bounds the Variants of the first row group that the
// shredding schema is chosen from.
const shredSampleRows = 16384

// shredSample returns the Variants of a column of rows rows, row r's
// given by at (false for NULL), or when there are more than
// shredSampleRows of them, that many evenly spaced ones: Variant k
// (counting Variants only) is taken when it is the first at or after
// position j*n/shredSampleRows, for j from 0 on.
func shredSample(rows int, at func(r int) (variant.Variant, bool)) []variant.Variant {
	n := 0
	for r := 0; r < rows; r++ {
		if _, ok := at(r); ok {
			n++
		}
	}
	sample := make([]variant.Variant, 0, min(n, shredSampleRows))
	k := 0
	for r := 0; r < rows; r++ {
		v, ok := at(r)
		if !ok {
			continue
		}
		if n <= shredSampleRows || len(sample)*n <= k*shredSampleRows {
			sample = append(sample, v)
		}
		k++
	}
	return sample
}

// chooseShredding picks the shredding schema of VARIANT column i: the one
// Config.Shredding fixes for it, if any; none with shred=none; otherwise
// the table's current schema while it still fits the
// rows, else one inferred from them (docs/design.md section 7). Of a row
// group with more than shredSampleRows Variants in the column, that many
// evenly spaced ones are the sample: the field shares and type families
// the choice rests on are proportions, which such a sample keeps, and a
// value the chosen schema does not fit is still stored whole in the
// value column, so the choice affects the layout only, never the data.
func (fw *fileWriter) chooseShredding(rb *rowBuffer, i int) (shred.Schema, error) {
	for col, s := range fw.cfg.Shredding[fw.table] {
		if strings.EqualFold(col, fw.cols[i].name) {
			return s, nil // NewConnector lets one key at most match
		}
	}
	if fw.cfg.Shred == ShredNone {
		return shred.Untyped(), nil
	}
	sample := shredSample(rb.n, func(r int) (variant.Variant, bool) { return rb.variant(i, r) })
	if fw.prev != nil && fw.prev[i] != nil {
		ok, used, err := shred.FitsReusing(*fw.prev[i], sample, shred.InferOptions{}, fw.spare.fits)
		if used != nil {
			fw.spare.fits = used
		}
		if err == nil && ok {
			return *fw.prev[i], nil
		}
	}
	s, err := shred.Infer(sample, shred.InferOptions{})
	if err != nil {
		return shred.Schema{}, fmt.Errorf("parquetvariant: column %s: choosing a shredding schema: %w", quoteIdent(fw.cols[i].name), err)
	}
	return s, nil
}

// rowGroup is a row group being written on other goroutines while the
// next rows are buffered: the rows, with the arena chunks their bytes
// live in, which return to the free lists when it is written.
type rowGroup struct {
	written chan struct{} // closed when the group is written, or failed
	err     error         // set before written is closed
	buf     *rowBuffer
}

// encoded is a row group shredded and converted to Parquet values, ready to
// be handed to the column writers.
type encoded struct {
	batches [2][]*shred.Batch   // of each VARIANT column: the first and the second half of the rows
	shared  []*variant.Metadata // of each VARIANT column: the rows' shared dictionary, if any
	values  [][]parquet.Value   // of each plain column: the row buffer's
}

// errEarlierRowGroup is what a row group reports when the one before it
// failed (whose own error is reported first).
var errEarlierRowGroup = errors.New("parquetvariant: an earlier row group failed")

// flushBehind starts writing the buffered rows as one row group on another
// goroutine, so that writing overlaps with buffering the next rows. Two row
// groups are in flight at most: one being shredded while the one before is
// written to the file (in order), each with its own encoded set. The first
// row group's goroutine chooses the shredding and creates the file first
// (open), while the next rows are buffered. An error of a write is
// returned by a later flushBehind, flush or commit.
func (fw *fileWriter) flushBehind() error {
	first := fw.opened == nil
	if first {
		fw.startOpen()
	}
	if len(fw.behind) == len(fw.sets) {
		if err := fw.waitOldest(); err != nil {
			return err
		}
	}
	var prev *rowGroup
	if n := len(fw.behind); n > 0 {
		prev = fw.behind[n-1]
	}
	set := fw.sets[fw.nextSet]
	fw.nextSet = (fw.nextSet + 1) % len(fw.sets)
	g := &rowGroup{written: make(chan struct{}), buf: fw.buffer()}
	fw.lastRows = g.buf.n
	g.buf.arenas = fw.usedArenas
	fw.buf, fw.usedArenas, fw.arena = nil, nil, nil
	fw.behind = append(fw.behind, g)
	go func() {
		defer close(g.written)
		var err error
		if first {
			err = fw.openWith(g.buf)
		} else if <-fw.opened; fw.openErr != nil {
			err = errEarlierRowGroup
		}
		if err == nil {
			err = fw.encode(g.buf, set)
		}
		if prev != nil {
			<-prev.written
			if prev.err != nil && err == nil {
				err = errEarlierRowGroup
			}
		}
		if err == nil {
			err = fw.emit(set)
		}
		g.err = err
	}()
	return nil
}

// waitOldest waits for the oldest row group in flight and frees its rows.
func (fw *fileWriter) waitOldest() error {
	g := fw.behind[0]
	fw.behind = fw.behind[1:]
	<-g.written
	fw.total += int64(g.buf.n)
	fw.freeBufs = append(fw.freeBufs, g.buf)
	fw.free(g.buf.arenas)
	return g.err
}

// wait waits for every row group in flight; it returns the first error.
func (fw *fileWriter) wait() error {
	var first error
	for len(fw.behind) > 0 {
		if err := fw.waitOldest(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// flush writes the buffered rows as one row group, after the ones in
// flight (shredding it while the one before is written), and waits for
// every row group; a file without rows is created here.
func (fw *fileWriter) flush() error {
	if fw.buf != nil && fw.buf.n > 0 {
		if err := fw.flushBehind(); err != nil {
			return err
		}
	}
	if err := fw.wait(); err != nil {
		return err
	}
	if fw.opened == nil {
		fw.startOpen()
		return fw.openWith(fw.buffer())
	}
	return nil
}

// splitRows is the least number of rows a row group must have for encode
// to shred its two halves on two goroutines.
const splitRows = 8192

// encode shreds the VARIANT columns of rb into e's batches and hands e the
// Parquet values of its plain columns. It touches only e, so it can run
// while rows are buffered and another set is written. A row group of
// splitRows rows or more is shredded in two halves at the same time, the
// second half on another goroutine, into e.batches[0] and e.batches[1].
func (fw *fileWriter) encode(rb *rowBuffer, e *encoded) error {
	for i := range fw.cols {
		if c := &fw.cols[i]; c.typ.name == "VARIANT" {
			shared, err := sharedDictionary(rb.metas[i])
			if err != nil {
				return fmt.Errorf("parquetvariant: column %s: %w", quoteIdent(c.name), err)
			}
			e.shared[i] = shared
		}
	}
	for i := range fw.cols {
		if fw.cols[i].typ.name != "VARIANT" {
			e.values[i] = rb.plain[i]
		}
	}
	half := rb.n
	if rb.n >= splitRows {
		half = rb.n / 2
	}
	var second error
	done := make(chan struct{})
	go func() {
		defer close(done)
		second = fw.shredRows(rb, half, rb.n, e, 1)
	}()
	first := fw.shredRows(rb, 0, half, e, 0)
	<-done
	return cmp.Or(first, second)
}

// shredRows resets e.batches[h] and shreds the VARIANT columns of rows lo
// to hi of rb into them.
func (fw *fileWriter) shredRows(rb *rowBuffer, lo, hi int, e *encoded, h int) error {
	for i := range fw.cols {
		c := &fw.cols[i]
		if c.typ.name != "VARIANT" {
			continue
		}
		b := e.batches[h][i]
		b.Reset()
		shared := e.shared[i]
		var vb variant.Builder
		if shared != nil {
			vb.UseMetadata(*shared)
		}
		for r := lo; r < hi; r++ {
			x, ok := rb.variant(i, r)
			var err error
			switch {
			case !ok:
				err = b.AppendNull()
			case shared != nil:
				vb.Reset()
				vb.AppendVariant(x)
				var v variant.Variant
				if v, err = vb.Build(); err == nil {
					err = b.Append(v)
				}
			default:
				err = b.Append(x)
			}
			if err != nil {
				var se *shred.Error
				if errors.As(err, &se) && se.Row >= 0 {
					se.Row += lo
				}
				return fmt.Errorf("parquetvariant: column %s: %w", quoteIdent(c.name), err)
			}
		}
	}
	return nil
}

// emit hands an encoded row group to the column writers and ends the row
// group. Row groups are emitted one at a time, in order. The column chunks
// are split in two parts of about the same number of entries, written at
// the same time (each column writer is used by one goroutine only).
func (fw *fileWriter) emit(e *encoded) error {
	writers := fw.w.ColumnWriters()
	tasks := fw.chunks[:0]
	for i := range fw.cols {
		if fw.cols[i].typ.name != "VARIANT" {
			tasks = append(tasks, chunkWrite{col: i, leaf: -1, weight: len(e.values[i])})
			continue
		}
		for k := range e.batches[0][i].Columns {
			w := 0
			for _, half := range e.batches {
				c := &half[i].Columns[k]
				w += c.Len() + len(c.Bytes)/8
			}
			tasks = append(tasks, chunkWrite{col: i, leaf: k, weight: w})
		}
	}
	fw.chunks = tasks
	// The heaviest chunk first, each into the lighter part.
	slices.SortStableFunc(tasks, func(a, b chunkWrite) int { return cmp.Compare(b.weight, a.weight) })
	var load [2]int
	for k := range tasks {
		p := 0
		if load[1] < load[0] {
			p = 1
		}
		tasks[k].part = p
		load[p] += tasks[k].weight
	}
	var errs [2]error
	done := make(chan struct{})
	go func() {
		defer close(done)
		errs[1] = fw.writeChunks(e, writers, tasks, 1)
	}()
	errs[0] = fw.writeChunks(e, writers, tasks, 0)
	<-done
	if err := cmp.Or(errs[0], errs[1]); err != nil {
		return err
	}
	if err := fw.w.Flush(); err != nil {
		return fmt.Errorf("parquetvariant: writing a row group: %w", err)
	}
	return nil
}

// chunkWrite is a column chunk of a row group for emit to write: of a
// plain column col (leaf -1), or of leaf leaf of VARIANT column col.
type chunkWrite struct {
	col, leaf int
	weight    int // entries, and bytes of values over 8
	part      int // the goroutine that writes it: 0 or 1
}

// writeChunks writes the column chunks of part part of tasks, with
// fw.scratch[part] as its scratch, each in pages of pageLimits.
func (fw *fileWriter) writeChunks(e *encoded, writers []*parquet.ColumnWriter, tasks []chunkWrite, part int) error {
	for _, t := range tasks {
		if t.part != part {
			continue
		}
		var err error
		if t.leaf < 0 {
			p := shred.NewPageWriter(writers[fw.leaf[t.col]], pageLimits)
			_, err = p.WriteRowValues(e.values[t.col])
		} else {
			col := fw.indexes[t.col][t.leaf]
			p := shred.NewPageWriter(writers[col], pageLimits)
			for _, half := range e.batches {
				if err == nil && half[t.col].Len() > 0 {
					fw.scratch[part], err = half[t.col].WriteColumn(p, t.leaf, col, fw.scratch[part])
				}
			}
		}
		if err != nil {
			return fmt.Errorf("parquetvariant: column %s: %w", quoteIdent(fw.cols[t.col].name), err)
		}
	}
	return nil
}

// free puts arena chunks whose rows are written on the free list.
func (fw *fileWriter) free(arenas [][]byte) {
	for _, c := range arenas {
		if cap(c) == arenaBytes {
			fw.freeArenas = append(fw.freeArenas, c[:0])
		}
	}
}

// commit writes what is buffered, closes the file, syncs it, renames it into
// place and syncs the directory (prepare, then publish). A failure removes
// the file.
func (fw *fileWriter) commit() error {
	if err := fw.prepare(); err != nil {
		return err
	}
	if err := fw.publish(); err != nil {
		return err
	}
	return fw.synced()
}

// prepare writes what is buffered and the footer, syncs the file and closes
// it, still under its '_' name, and checks that the table is the one the
// writer began with. A failure removes the file.
func (fw *fileWriter) prepare() error {
	if err := fw.flush(); err != nil {
		fw.abort()
		return err
	}
	if err := fw.w.Close(); err != nil {
		fw.abort()
		return fmt.Errorf("parquetvariant: writing the file footer: %w", err)
	}
	if err := fw.f.Sync(); err != nil {
		fw.abort()
		return fmt.Errorf("parquetvariant: syncing %s: %w", fw.tmp, err)
	}
	if err := fw.f.Close(); err != nil {
		fw.abort()
		return fmt.Errorf("parquetvariant: closing %s: %w", fw.tmp, err)
	}
	fw.f = nil
	// A table dropped (and perhaps created again, with other columns) since
	// the writer began gets none of its rows.
	if _, err := os.Stat(fw.witness); fw.witness != "" && err != nil {
		fw.abort()
		return fw.droppedError(err)
	}
	return nil
}

// publish renames the prepared file into the table's directory, where
// readers see it (it is then fw.final). A failure removes the file.
func (fw *fileWriter) publish() error {
	if beforePublish != nil {
		if err := beforePublish(fw.table); err != nil {
			fw.abort()
			return err
		}
	}
	final := filepath.Join(fw.dir, "part-"+fmt.Sprintf("%020d", time.Now().UnixNano())+"-"+randomHex(4)+".parquet")
	if err := os.Rename(fw.tmp, final); err != nil {
		fw.abort()
		if errors.Is(err, fs.ErrNotExist) {
			// The folder, with the file in progress, was dropped.
			return fw.droppedError(err)
		}
		return fmt.Errorf("parquetvariant: publishing the file: %w", err)
	}
	fw.tmp, fw.final = "", final
	fw.release()
	return nil
}

// synced syncs the directory of the published file. A directory gone by
// then was dropped after the file was published: the write is done, and
// its rows went with the table, as they would with a DROP TABLE right
// after it.
func (fw *fileWriter) synced() error {
	if err := syncDir(fw.dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// unpublish takes back the published file of a transaction that could not
// publish all of its files: it is removed and its directory synced.
func (fw *fileWriter) unpublish() error {
	if err := os.Remove(fw.final); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("parquetvariant: taking back %s: %w", fw.final, err)
	}
	if err := syncDir(fw.dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// beforePublish, when set (by tests), runs before each file is renamed into
// place; an error it returns fails the publish as a failed rename would.
var beforePublish func(table string) error

// empty reports that no row was added.
func (fw *fileWriter) empty() bool {
	return fw.total == 0 && (fw.buf == nil || fw.buf.n == 0) && len(fw.behind) == 0
}

// abort removes the file being written; nothing of it becomes visible.
func (fw *fileWriter) abort() {
	fw.wait()
	if fw.f != nil {
		fw.f.Close()
		fw.f = nil
	}
	if fw.tmp != "" {
		os.Remove(fw.tmp)
	}
	fw.buf = nil
}

// Bounds of the dictionary that the rows of a row group share.
const (
	maxSharedKeys      = 4096
	maxSharedKeysBytes = 256 << 10
)

// sharedDictionary returns one sorted dictionary holding every key of
// metas, the metadata of the Variants of a column, or nil when they are one dictionary
// already or it would pass maxSharedKeys keys or maxSharedKeysBytes bytes.
// Re-encoded over it, the rows' metadata column holds a single distinct
// value, which the column's dictionary encoding
// stores once (docs/design.md section 7).
func sharedDictionary(metas []variant.Metadata) (*variant.Metadata, error) {
	if sameMetadata(metas) {
		return nil, nil
	}
	seen := map[string]struct{}{}
	size := 0
	for _, m := range metas {
		for id := 0; id < m.Len(); id++ {
			k, _ := m.KeyBytes(id)
			if _, ok := seen[string(k)]; ok {
				continue
			}
			seen[string(k)] = struct{}{}
			size += len(k)
			if len(seen) > maxSharedKeys || size > maxSharedKeysBytes {
				return nil, nil
			}
		}
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	m, err := variant.NewMetadata(keys)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// sameMetadata reports whether metas all have the same bytes, so the
// Variants over them need no shared dictionary.
func sameMetadata(metas []variant.Metadata) bool {
	for _, m := range metas {
		if !bytes.Equal(m.Bytes(), metas[0].Bytes()) {
			return false
		}
	}
	return true
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("parquetvariant: syncing %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("parquetvariant: syncing %s: %w", dir, err)
	}
	return nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		binary.LittleEndian.PutUint64(b[:min(n, 8)], uint64(time.Now().UnixNano()))
	}
	return hex.EncodeToString(b)
}

func codec(name string) compress.Codec {
	switch name {
	case "snappy":
		return &parquet.Snappy
	case "gzip":
		return &parquet.Gzip
	case "lz4":
		return &parquet.Lz4Raw
	case "brotli":
		return &parquet.Brotli
	case "none":
		return &parquet.Uncompressed
	}
	return &parquet.Zstd
}

// parquetValue converts a value in the column's storage form (see coerce) to
// the Parquet value of the column's physical type.
func parquetValue(c *tableColumn, v value) (parquet.Value, error) {
	if v.isNull() {
		if !c.typ.nullable {
			return parquet.Value{}, fmt.Errorf("parquetvariant: column %s is NOT NULL", quoteIdent(c.name))
		}
		return parquet.Value{}, nil
	}
	switch c.typ.name {
	case "BIGINT":
		return parquet.Int64Value(v.i), nil
	case "DOUBLE":
		return parquet.DoubleValue(v.f), nil
	case "BOOLEAN":
		return parquet.BooleanValue(v.i != 0), nil
	case "TIME":
		return parquet.Int64Value(v.i), nil
	case "UUID":
		return parquet.FixedLenByteArrayValue(v.b), nil
	case "VARCHAR":
		return parquet.ByteArrayValue([]byte(v.s)), nil
	case "BINARY":
		return parquet.ByteArrayValue(v.b), nil
	case "DECIMAL":
		d, ok := v.d.Rescale(c.typ.scale)
		if !ok {
			return parquet.Value{}, fmt.Errorf("parquetvariant: column %s: %s does not fit DECIMAL(%d,%d)", quoteIdent(c.name), v.d, c.typ.precision, c.typ.scale)
		}
		if c.typ.precision <= 18 {
			u, _ := d.Unscaled64()
			if c.typ.precision <= 9 {
				return parquet.Int32Value(int32(u)), nil
			}
			return parquet.Int64Value(u), nil
		}
		return parquet.FixedLenByteArrayValue(bigEndian16(d.Unscaled())), nil
	case "DATE":
		return parquet.Int32Value(int32(v.t.Unix() / 86400)), nil
	case "TIMESTAMP", "TIMESTAMP_NTZ":
		return parquet.Int64Value(v.t.UnixMicro()), nil
	}
	return parquet.Value{}, fmt.Errorf("%w: writing a %s value", ErrUnsupported, c.typ.name)
}

// bigEndian16 is u as 16 bytes of big-endian two's complement.
func bigEndian16(u *big.Int) []byte {
	out := make([]byte, 16)
	if u.Sign() >= 0 {
		u.FillBytes(out)
		return out
	}
	// Two's complement of a negative number: 2^128 + u.
	m := new(big.Int).Lsh(big.NewInt(1), 128)
	m.Add(m, u).FillBytes(out)
	return out
}

// droppedError is the error of rows written for a table that DROP TABLE
// removed before they were published; cause, the file system's error that
// showed it, stays in the chain.
func (fw *fileWriter) droppedError(cause error) error {
	return &tableDroppedError{table: fw.table, cause: cause}
}

// tableDroppedError matches ErrNoTable and its cause, whose text it leaves
// out: that names the writer's files in progress, which the user never sees.
type tableDroppedError struct {
	table string
	cause error
}

func (e *tableDroppedError) Error() string {
	return ErrNoTable.Error() + ": " + quoteIdent(e.table) + " was dropped while rows were written to it; they are not kept"
}

func (e *tableDroppedError) Unwrap() []error { return []error{ErrNoTable, e.cause} }
