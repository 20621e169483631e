//go:build !unix

package driver

import "os"

// lockWriting does nothing where flock does not exist.
func lockWriting(*os.File) {}

// removeUnlocked keeps the file: without flock a live writer's file cannot
// be told from a dead one's.
func removeUnlocked(string) {}
