// Package driver is the database/sql driver of parquetvariant, registered
// under the name "parquetvariant": a DSN names a directory whose
// sub-directories of Parquet files are tables (design section 2).
//
// # DSN
//
//	/data/lake?shred=auto&compression=zstd&read_only=true
//
// [ParseDSN] and [Config.FormatDSN] convert between a DSN and a [Config].
package driver
