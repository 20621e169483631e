// Package scan is the read path over a directory of Parquet files: it lists
// the tables of a root directory, reads and caches file footers, merges the
// schemas of a table's files, and streams the rows of a table through a
// cursor, skipping the row groups and pages that statistics prove hold no
// matching row.
//
// # Tables
//
// [Open] returns a [Root] for a directory. Its tables follow docs/design.md section
// 2: a sub-directory holding *.parquet files (searched recursively; the
// keys of k=v/ partition folders that the files do not store are string
// columns, see [Column]) is a table named after the sub-directory; a
// *.parquet file directly in the root is a read-only table named after its
// base name; names starting with '_' or '.' are invisible at every level.
// Table names never reach outside the root: names with path separators,
// "..", absolute paths and symbolic links out of the root are errors
// ([ErrInvalidName], [ErrOutsideRoot]). [Root.Table] returns a snapshot of
// a table whose schema merges its files' top-level columns, matching their
// names in any case (the first file's spelling names the column); a column
// that a file lacks reads as NULL in that file's rows, files that give a
// column incompatible kinds are an [ErrSchemaConflict] naming both files,
// and so is a file holding two columns whose names differ only in case.
// Names inside a column (nested fields, Variant object keys) match exactly.
// Each file footer (with its page index) is read once and cached until the
// file's size or modification time changes.
//
// # Scans
//
// [Table.Scan] takes a [Query]: output columns ([Ref]), a [Predicate] tree
// ([Compare], [In], [IsNull], [And], [Or], [Not], [Between], [IsNotNull])
// evaluated with SQL three-valued logic, and NoSkip to turn data skipping
// off. It returns a [Rows] cursor: Next, typed accessors that do not
// allocate (Int64, Uint64, Float64, Bool, Bytes, Time, Duration, Decimal,
// Variant), Value for a Go value, Err, Close and Stats. Row groups are decoded column
// by column, page by page, by [Query.Workers] goroutines (GOMAXPROCS by
// default) in batches of up to 4096 rows; rows come out in file and row
// order, and at most Workers+1 row groups are in flight, so memory does not
// grow with the table: plain columns hold a few batches per worker, while
// a Variant column or a nested column is decoded a row group at a time
// (its pages for the whole row group, so a worker holds one row group's
// decoded leaves, tens of MB for a 64 MiB row group of many leaves; the
// DSN options row_group_rows and row_group_bytes bound it for the files
// the driver writes). The context
// is checked between batches, before each page a worker reads and every
// 1024 rows scanned or delivered: a cancelled scan stops within a page of
// the columns its workers read, and Err returns the context's error.
//
// Plain columns decode as follows (Kind, Go value from [Rows.Value]):
//
//	BOOLEAN                                  KindBool       bool
//	INT32, INT64, INT(8|16|32|64, signed),
//	  INT(8|16|32, unsigned)                 KindInt64      int64
//	INT(64, unsigned)                        KindUint64     uint64
//	FLOAT, DOUBLE, FLOAT16                   KindFloat64    float64
//	STRING, ENUM, JSON                       KindString     string
//	BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, BSON   KindBytes      []byte
//	DECIMAL (INT32, INT64, FIXED, BINARY)    KindDecimal    exact text "12.50"; Rows.Decimal gives a variant.Decimal
//	DATE                                     KindDate       time.Time, midnight UTC
//	TIME(MILLIS|MICROS|NANOS)                KindTime       text "13:45:07.123456"; Rows.Duration
//	TIMESTAMP(MILLIS|MICROS|NANOS), INT96    KindTimestamp  time.Time in UTC
//	UUID                                     KindUUID       canonical text
//
// # Variant columns
//
// A Variant column ([KindVariant]: a group annotated VARIANT, or a group
// with binary metadata and value children) reads as a variant.Variant
// ([Rows.Variant], a view valid until Next that does not allocate;
// [Rows.Value] returns a copy). Each file is read with its own shredding
// (shred.LayoutOf per file) and rebuilt with the spec's construct_variant
// (VariantShredding.md, "Reconstructing a Shredded Variant"); SQL NULL rows
// are NULL (IsNull), a Variant null is the value 00. Layouts the spec
// forbids are an error wrapping shred.ErrInvalidLayout unless
// [Query.Lenient] reads them with typed_value winning; malformed Variant
// bytes give an error wrapping variant.ErrInvalidValue or
// variant.ErrInvalidMetadata in a [*FileError] naming the file, row group
// and column.
//
// A [Ref] with a Path (and optionally a cast As, a variant.SQLType, with
// Mode strict or lenient) reads variant_get(column, path, type) (design
// section 4) from only the leaf columns that can hold the path in each
// file: through shredded object fields (shred.Layout.Find), that field's
// value and typed_value columns, without the metadata column when the
// result is a typed value of a shredded primitive (no cast looks keys up;
// typed values that equal their cast are read straight from the typed
// column); for a
// field that the file does not shred, only the value column of the deepest
// shredded object above it and the metadata. The rest of the path is
// followed in the rebuilt value and the result cast with variant's typed
// casts: tinyint to bigint give [KindInt64], float and double
// [KindFloat64], decimal(p,s) [KindDecimal], string [KindString], binary
// [KindBytes], date [KindDate], time [KindTime] (micros), timestamp and
// timestamp_ntz [KindTimestamp] (micros), uuid [KindUUID]; no cast keeps
// a [KindVariant]. A missing path and a Variant null cast to SQL NULL; a
// failed cast ends the scan with an error wrapping variant.ErrCast in
// strict mode and is NULL in lenient mode (try_variant_get).
//
// A typed path that ends at a shredded primitive is read column by column:
// its cells come a block of up to 1024 rows at a time from one loop over
// the typed_value and value columns and their definition levels, a
// predicate whose comparisons read only such paths is evaluated over the
// block, and a scan without a predicate copies the block's cells into its
// batches at once. A row whose cell is an error (a strict cast that fails,
// value and typed_value both set) ends the block early and fails the scan
// only if the row is asked for, as row-by-row reading does.
//
// Nested columns (groups, LISTs, MAPs and repeated fields: [KindNested] in
// the schema) read as Variants built from their structure (docs/design.md section
// 2), assembled from the repetition and definition levels of their leaves:
// a group is an object of its non-null fields, a LIST or a repeated field
// an array (a null element is a Variant null, so a NULL list, an empty
// list and a list of one NULL stay apart), a MAP with string keys an
// object and any other MAP an array of {"key", "value"} objects, a
// Variant inside them the Variant itself (a shredded one rebuilt from its
// own layout at its levels); their output columns are [KindVariant] and
// paths reach into them. Comparing a whole Variant or nested column is
// [ErrUnsupported]: compare a typed path.
//
// # Data skipping
//
// A row group is skipped when its column statistics prove the predicate is
// never TRUE on it. Row groups and pages are planned from the footer the
// [Root] keeps, before the file is opened: a file none of whose row groups
// can match is not opened, so a selective query over a table of many small
// files costs one stat per file (checking the cached footer) and opens only
// the files it reads. A file's row groups are planned one at a time as the
// scan goes, so the first row of a file of many row groups comes without
// waiting for the others to be planned. A snapshot's file that changed or vanished is noticed
// by the next [Root.Table], and by a scan only when it opens the file
// ([ErrStale], or ErrNoTable for a removed one). Inside a row group, pages are skipped with the column
// index and the offset index (PageIndex.md): the reader seeks past pages
// holding no candidate row and never decodes them. Columns that are only
// projected are read for rows that pass the predicate, so their pages
// without passing rows are skipped too. Absent statistics, absent null
// counts and NaN bounds never justify a skip; IS NULL is pruned only with a
// null count present and 0, IS NOT NULL only with one equal to the value
// count (pitfall B38); float bounds may exclude NaN, which orders above
// every number, and -0.0 equals +0.0 (pitfall B39). A predicate on a typed
// Variant path that ends at a shredded primitive prunes row groups with the
// statistics of that field's typed_value column only where the field's
// value column is all null (its null count equals its value count;
// VariantShredding.md, "Data Skipping"), and only when every typed value
// casts to the target type exactly and in the same order (an int32
// typed_value for int or bigint, a string for string, a timestamp for
// timestamp, ...); IS NULL and IS NOT NULL then use the typed column's null
// count. Residual objects above the field never hold it, so they do not
// prevent pruning. Pages are pruned under the same rule with the column
// index and offset index: the pages of the typed_value and value columns
// need not align, so a typed_value page's statistics are used only for the
// rows where the value column's pages are all null (a null page, or a null
// count equal to the page's row count), and the rest of its rows are kept.
// Variant slots of a top-level column then decode only the pages of their
// leaves that hold a candidate row (each leaf seeks with its own offset
// index); a slot none of whose rows is asked for reads no page. Other
// Variant and nested slots are never pruned. Results
// are the same with skipping on and off; [Stats] counts files, row groups
// and pages read and skipped, files opened and bytes read.
//
// # Errors
//
// Malformed files (bad magic, truncated files, footers that do not decode
// or give offsets outside the file, page headers that do not fit their
// column chunk, pages that do not decode) give a [*FileError] naming the
// file, and the row group and column when the fault is in one, wrapping
// [ErrCorrupt]. Page headers are checked before parquet-go decodes them, so
// a corrupt header cannot make the reader allocate more than 256 MiB, and
// so are the run lengths of level sections that can be read without
// decompressing (data page v2, and v1 in uncompressed chunks); inside
// compressed v1 pages, corrupt run lengths are caught by parquet-go when it
// decodes them (and by the page checksum when the writer gave one). A file
// replaced after its table was listed gives [ErrStale].
package scan
