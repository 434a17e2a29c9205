"""Tests for the pure mail layer (pbem.mail)."""
