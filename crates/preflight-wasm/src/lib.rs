//! JavaScript API placeholder.
