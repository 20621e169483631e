package main

import (
	"fmt"
	"os"

	"github.com/parquet-go/parquet-go"
)

// openParquet opens a Parquet file with its page index. The caller closes
// the returned *os.File.
func openParquet(path string) (*parquet.File, *os.File, error) {
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
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(false), parquet.SkipBloomFilters(true))
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return pf, f, nil
}
