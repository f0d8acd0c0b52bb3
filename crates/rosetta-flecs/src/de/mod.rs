//! World JSON read back into a world (`ecs_world_from_json`).
