//go:build !race

package main

const raceEnabled = false

const waitScale = 1
