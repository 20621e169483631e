package driver_test

import (
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pvdriver "github.com/parquetvariant/parquetvariant/driver"
)

// A root directory that is missing or not a directory (also one whose path
// runs through a file) is named as the DSN
// gives it, not by the first missing element of its path, and matches
// ErrDSN (and fs.ErrNotExist when missing), from sql.Open and from
// NewConnector.
func TestRootDirectoryErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nonexistent", "dir")
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	cases := []struct {
		dsn, msg string
		notExist bool
	}{
		{missing, `parquetvariant: invalid DSN: root directory "` + missing + `" does not exist`, true},
		{missing + "?read_only=true", `parquetvariant: invalid DSN: root directory "` + missing + `" does not exist`, true},
		{"file://" + missing, `parquetvariant: invalid DSN: root directory "` + missing + `" does not exist`, true},
		{file, `parquetvariant: invalid DSN: root directory "` + file + `" is not a directory`, false},
		{filepath.Join(file, "x"), `parquetvariant: invalid DSN: root directory "` + filepath.Join(file, "x") + `" is not a directory (its path runs through a file)`, false},
	}
	for _, c := range cases {
		t.Run(c.dsn, func(t *testing.T) {
			db, err := sql.Open("parquetvariant", c.dsn)
			if err == nil {
				defer db.Close()
				_, err = db.Query("SHOW TABLES")
			}
			require.Error(t, err)
			assert.Equal(t, c.msg, err.Error())
			assert.ErrorIs(t, err, pvdriver.ErrDSN)
			assert.Equal(t, c.notExist, errors.Is(err, fs.ErrNotExist))

			cfg, err := pvdriver.ParseDSN(c.dsn)
			require.NoError(t, err)
			_, err = pvdriver.NewConnector(cfg)
			assert.Equal(t, c.msg, err.Error())
			assert.ErrorIs(t, err, pvdriver.ErrDSN)
		})
	}
}

// TestRootCannotBeRead: a root that cannot be read (a link to itself) is
// ErrDSN naming the path once, with the system's reason and error.
func TestRootCannotBeRead(t *testing.T) {
	loop := filepath.Join(t.TempDir(), "loop")
	require.NoError(t, os.Symlink(loop, loop))
	db, err := sql.Open("parquetvariant", loop)
	if err == nil {
		defer db.Close()
		_, err = db.Query("SHOW TABLES")
	}
	require.ErrorIs(t, err, pvdriver.ErrDSN)
	require.ErrorIs(t, err, syscall.ELOOP)
	require.Equal(t, `parquetvariant: invalid DSN: root directory "`+loop+`" cannot be read: too many levels of symbolic links`, err.Error())
}
