package main

import (
	"fmt"
	"os"

	"github.com/parquet-go/parquet-go"
)

// openParquet opens a Parquet file, reading its footer but not its page
// index (which nothing printed needs, and which a damaged file can hold
// nonsense in). The caller closes the returned *os.File. A footer the
// Parquet library fails on, even by panicking, is an error.
func openParquet(path string) (pf *parquet.File, file *os.File, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if st.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("%s is a directory, not a Parquet file", path)
	}
	// A Parquet file starts and ends with the 4 magic bytes PAR1, with the
	// 4-byte footer length before the last (FileFormat.md).
	if st.Size() < 12 {
		f.Close()
		return nil, nil, fmt.Errorf("%s: not a Parquet file: %d bytes, too small to hold its magic bytes and footer length", path, st.Size())
	}
	defer func() {
		if r := recover(); r != nil {
			f.Close()
			pf, file, err = nil, nil, corruptFile(path, r)
		}
	}()
	pf, err = parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return pf, f, nil
}

// corruptFile is the error for a panic of the Parquet library while it
// reads the file at path.
func corruptFile(path string, r any) error {
	return fmt.Errorf("%s: corrupt parquet file: %v", path, r)
}
