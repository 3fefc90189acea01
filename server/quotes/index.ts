// The quotes area's door; its services arrive with the quotes issue (see docs/decisions/0010).
export {};
