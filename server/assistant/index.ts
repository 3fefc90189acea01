// The assistant area's door; its services arrive with the assistant issue (see docs/decisions/0010).
export {};
