// Command service is a small HTTP service over the driver: POST /docs
// inserts a JSON document, GET /docs/count counts them, GET /stats groups
// them by a field inside the documents and GET /search finds a user's
// documents. One *sql.DB serves every request, from as many goroutines as
// net/http runs.
//
//	go run ./examples/service
//
// The program starts the server on 127.0.0.1 with a free port, sends a few
// requests itself (the inserts from several goroutines at once), prints the
// answers and exits.
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	_ "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// server holds the database shared by all requests.
type server struct {
	db     *sql.DB
	nextID atomic.Int64
}

func (s *server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /docs", s.insert)
	mux.HandleFunc("GET /docs/count", s.count)
	mux.HandleFunc("GET /stats", s.stats)
	mux.HandleFunc("GET /search", s.search)
	return mux
}

// insert stores the request body, a JSON document, as one row. Each INSERT
// outside a transaction writes one new Parquet file.
func (s *server) insert(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	id := s.nextID.Add(1)
	_, err = s.db.ExecContext(r.Context(), `INSERT INTO docs (id, doc) VALUES (?, parse_json(?))`, id, string(body))
	if errors.Is(err, variant.ErrInvalidJSON) {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]int64{"id": id})
}

func (s *server) count(w http.ResponseWriter, r *http.Request) {
	var n int64
	if err := s.db.QueryRowContext(r.Context(), `SELECT COUNT(*) FROM docs`).Scan(&n); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"count": n})
}

// stats counts the documents per value of their "type" field.
func (s *server) stats(w http.ResponseWriter, r *http.Request) {
	rows, err := s.db.QueryContext(r.Context(), `SELECT variant_get(doc, '$.type', 'string') AS type, COUNT(*) AS n
		FROM docs GROUP BY type ORDER BY type`)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	type stat struct {
		Type  string `json:"type"`
		Count int64  `json:"count"`
	}
	out := []stat{}
	for rows.Next() {
		var st stat
		if err := rows.Scan(&st.Type, &st.Count); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// search returns the documents of one user, in order of their seq field.
// variant.Variant marshals to JSON as the document itself.
func (s *server) search(w http.ResponseWriter, r *http.Request) {
	rows, err := s.db.QueryContext(r.Context(), `SELECT doc FROM docs
		WHERE variant_get(doc, '$.user', 'string') = ?
		ORDER BY variant_get(doc, '$.seq', 'bigint')`, r.URL.Query().Get("user"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	out := []variant.Variant{}
	for rows.Next() {
		var doc variant.Variant
		if err := rows.Scan(&doc); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		out = append(out, doc)
	}
	if err := rows.Err(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func main() {
	log.SetFlags(0)
	dir, err := os.MkdirTemp("", "service-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := sql.Open("parquetvariant", dir)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS docs (id BIGINT NOT NULL, doc VARIANT)`); err != nil {
		log.Fatal(err)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: (&server{db: db}).routes()}
	go srv.Serve(ln)
	defer srv.Shutdown(context.Background())
	base := "http://" + ln.Addr().String()

	// Twelve documents posted by four clients at once.
	users := []string{"ann", "bo", "cy"}
	types := []string{"click", "view", "view", "signup"}
	var wg sync.WaitGroup
	for c := range 4 {
		wg.Go(func() {
			for i := c; i < 12; i += 4 {
				doc := fmt.Sprintf(`{"seq": %d, "user": %q, "type": %q, "tags": ["t%d"]}`, i, users[i%3], types[i%4], i)
				if status, body := request(base, "POST", "/docs", doc); status != http.StatusCreated {
					log.Fatalf("POST /docs: %d %s", status, body)
				}
			}
		})
	}
	wg.Wait()
	fmt.Println("posted 12 documents from 4 goroutines")

	status, body := request(base, "POST", "/docs", `{"seq": 99, "user": "ann"`)
	fmt.Printf("POST /docs with broken JSON: %d %s", status, body)
	for _, path := range []string{"/docs/count", "/stats", "/search?user=ann"} {
		status, body := request(base, "GET", path, "")
		fmt.Printf("GET %s: %d %s", path, status, body)
	}
}

// request sends one request and returns the status and body.
func request(base, method, path, body string) (int, string) {
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	if err != nil {
		log.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	if _, err := b.ReadFrom(resp.Body); err != nil {
		log.Fatal(err)
	}
	return resp.StatusCode, b.String()
}
