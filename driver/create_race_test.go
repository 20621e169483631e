package driver_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// TestCreateRacingDrop: CREATE TABLE running at the same time as DROP TABLE
// of the same name either makes the table, or finds it there and fails
// with ErrTableExists (IF NOT EXISTS: does nothing), as the README says of
// CREATE TABLEs of one name; never with the file system's error of a name
// taken and freed again under it.
func TestCreateRacingDrop(t *testing.T) {
	db := openDB(t, t.TempDir())
	db.SetMaxOpenConns(4)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var once sync.Once
	var failure error
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5000 {
				select {
				case <-stop:
					return
				default:
				}
				q := []string{"DROP TABLE IF EXISTS x", "CREATE TABLE IF NOT EXISTS x (a BIGINT)", "CREATE TABLE x (a BIGINT)"}[g]
				_, err := db.Exec(q)
				if err != nil && (g != 2 || !errors.Is(err, pvdriver.ErrTableExists)) {
					once.Do(func() { failure = fmt.Errorf("%s: %w", q, err); close(stop) })
					return
				}
			}
		}()
	}
	wg.Wait()
	require.NoError(t, failure)
}
